/** /appstore/detail/:name/:version?source= (a chart name may hold a slash, hence the encoding). */
export const chartDetailPath = (source: string, name: string, version: string): string =>
  `/appstore/detail/${encodeURIComponent(name)}/${encodeURIComponent(version)}?source=${encodeURIComponent(source)}`;
