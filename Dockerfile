# syntax=docker/dockerfile:1
# Nimbus image: the operator process, which also serves the console's production build.
# Build from the repository root:  docker build -t nimbus:0.1.0 .

# The Node.js of hack/toolchain.env (NODE_VERSION); hack/image/build.sh fails when they differ.
ARG NODE_IMAGE=node:24.21.0-bookworm-slim
# The app store's helm (NIMBUS_HELM_PATH): a static binary at /usr/bin/helm of this image. A plain
# docker build takes the official release (alpine/helm) at hack/testbed/versions.env's HELM_VERSION;
# hack/image/build.sh passes a one-file image of the test bed's helm, built from source (no pull).
ARG HELM_IMAGE=alpine/helm:4.3.1

FROM ${HELM_IMAGE} AS helm

# ---- build: compile the operator and the console with all dependencies ----
FROM ${NODE_IMAGE} AS build
WORKDIR /src
ENV npm_config_update_notifier=false
# Manifests first so the dependency layer is reused until they change. Every workspace's
# package.json must be present for npm ci to match package-lock.json.
COPY package.json package-lock.json .npmrc ./
COPY api/package.json api/
COPY operator/package.json operator/
COPY console/package.json console/
COPY tests/package.json tests/
RUN --mount=type=cache,target=/root/.npm npm ci
COPY tsconfig.base.json ./
COPY api/ api/
COPY operator/ operator/
COPY console/ console/
# The user guide's Markdown, rendered by the console build into console/dist/docs (served at /docs).
COPY docs/user-guide/ docs/user-guide/
RUN npm run build -w api && npm run build -w operator && npm run build -w console

# ---- prod-deps: only the operator's runtime dependencies (no console or dev packages) ----
FROM ${NODE_IMAGE} AS prod-deps
WORKDIR /src
ENV npm_config_update_notifier=false
COPY package.json package-lock.json .npmrc ./
COPY api/package.json api/
COPY operator/package.json operator/
COPY console/package.json console/
COPY tests/package.json tests/
# mkdir: npm creates operator/node_modules only for version conflicts; COPY below needs it.
RUN --mount=type=cache,target=/root/.npm npm ci --omit=dev -w operator \
 && mkdir -p operator/node_modules

# ---- runtime ----
FROM ${NODE_IMAGE} AS runtime
# The running process never needs a package manager.
RUN rm -rf /usr/local/lib/node_modules/npm /usr/local/lib/node_modules/corepack \
      /usr/local/bin/npm /usr/local/bin/npx /usr/local/bin/corepack
WORKDIR /app
ENV NODE_ENV=production \
    NIMBUS_LISTEN_ADDR=0.0.0.0 \
    NIMBUS_PORT=8080 \
    NIMBUS_METRICS_PORT=9090 \
    NIMBUS_CONSOLE_DIR=/app/console/dist
# Files stay owned by root: the app user can read but not modify its own code.
COPY --from=prod-deps /src/package.json ./
COPY --from=prod-deps /src/node_modules/ node_modules/
COPY --from=prod-deps /src/operator/node_modules/ operator/node_modules/
COPY --from=build /src/api/package.json api/
COPY --from=build /src/api/dist/ api/dist/
COPY --from=build /src/operator/package.json operator/
COPY --from=build /src/operator/dist/ operator/dist/
COPY --from=build /src/console/dist/ console/dist/
COPY --from=helm /usr/bin/helm /usr/local/bin/helm
ENV NIMBUS_HELM_PATH=/usr/local/bin/helm
# The commit the image was built from, for the nimbus_build_info series (hack/image/build.sh).
ARG NIMBUS_REVISION=unknown
ENV NIMBUS_REVISION=${NIMBUS_REVISION}
USER 65532:65532
EXPOSE 8080 9090
STOPSIGNAL SIGTERM
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.NIMBUS_PORT||8080)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# Exec form: node is PID 1 and receives SIGTERM itself for the graceful shutdown.
CMD ["node", "operator/dist/start.js"]
