/** What identifies a resource's detail page; the inverse of `historyRecordOf`. */
export interface DetailTarget {
  type: string;
  name: string;
  vendor: string;
  region: string;
  cluster: string;
  namespace?: string;
}

/** `/detail/{type}/{name}?vendor&region&cluster&namespace`; namespace only when there is one. */
export function detailPath(target: DetailTarget): string {
  const query = new URLSearchParams({
    vendor: target.vendor,
    region: target.region,
    cluster: target.cluster,
    ...(target.namespace ? { namespace: target.namespace } : {}),
  });
  return `/detail/${encodeURIComponent(target.type)}/${encodeURIComponent(target.name)}?${query.toString()}`;
}
