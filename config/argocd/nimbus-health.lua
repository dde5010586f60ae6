-- Argo CD health check for every nimbus.io kind (docs/gitops.md). It reads the Ready condition
-- the operator writes, the same one `kubectl get` prints and `kubectl wait --for=condition=Ready`
-- waits on. Plain Lua 5.1, as Argo CD runs it.
hs = {}
if obj.metadata ~= nil and obj.metadata.deletionTimestamp ~= nil then
  hs.status = "Progressing"
  hs.message = "Being deleted"
  return hs
end
local ready = nil
if obj.status ~= nil and obj.status.conditions ~= nil then
  for _, condition in ipairs(obj.status.conditions) do
    if condition.type == "Ready" then
      ready = condition
    end
  end
end
if ready == nil then
  -- Runtime state (Sessions, Favourites) reports no conditions: it is healthy once it exists.
  -- The other kinds get their first Ready condition a moment after they are applied.
  if obj.kind == "Session" or obj.kind == "Favourite" then
    hs.status = "Healthy"
    hs.message = ""
  else
    hs.status = "Progressing"
    hs.message = "Waiting for the Nimbus operator to report Ready"
  end
  return hs
end
local generation = obj.metadata and obj.metadata.generation
if ready.observedGeneration ~= nil and generation ~= nil and ready.observedGeneration < generation then
  hs.status = "Progressing"
  hs.message = "Waiting for the Nimbus operator to observe generation " .. tostring(generation)
  return hs
end
if ready.status == "True" then
  hs.status = "Healthy"
elseif ready.status == "False" then
  hs.status = "Degraded"
else
  hs.status = "Progressing"
end
hs.message = (ready.reason or "") .. ": " .. (ready.message or "")
return hs
