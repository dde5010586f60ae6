// What a list's name filter and a search match in the SQLite index, counted before the page is
// built: the store reads few matches by their ids and walks its scope for many (store-query.ts).
import type { DatabaseSync, StatementSync } from 'node:sqlite';
import {
  fewTrigramMatches,
  labelPairRowIds,
  searchKinds,
  type SearchQuery,
  type TrigramMatch,
} from './store-query.js';

export class IndexMatches {
  private readonly matchIds: StatementSync;
  /** Of the rows whose ids are given, those whose name holds a lower-case text. */
  private readonly containing: StatementSync;
  private readonly namespaceMatches: StatementSync;
  private readonly namespaceRowIds: StatementSync;
  private readonly labelPairMatches: StatementSync;
  private readonly labelPairRowIds: StatementSync;

  constructor(db: DatabaseSync) {
    this.matchIds = db.prepare(
      `SELECT count(*) AS n, json_group_array(id) AS ids FROM
         (SELECT rowid AS id FROM objects_fts WHERE objects_fts MATCH ? LIMIT ${fewTrigramMatches})`,
    );
    this.containing = db.prepare(
      `SELECT count(*) AS n, json_group_array(o.id) AS ids
         FROM json_each(?1) m CROSS JOIN objects o ON o.id = m.value
         WHERE instr(lower(o.name), ?2) > 0`,
    );
    // The rows in the namespaces holding a text, of the given clusters and kinds (JSON arrays):
    // counted from object_counts, then read through objects_scope when few.
    const inNamespaces = `instr(lower(c.namespace), lower(?1)) > 0
      AND c.cluster IN (SELECT value FROM json_each(?2))
      AND c.kind IN (SELECT value FROM json_each(?3))`;
    this.namespaceMatches = db.prepare(
      `SELECT coalesce(sum(c.objects), 0) AS n FROM object_counts c WHERE ${inNamespaces}`,
    );
    this.namespaceRowIds = db.prepare(
      `SELECT o.id FROM object_counts c CROSS JOIN objects o
         ON o.cluster = c.cluster AND o.kind = c.kind AND o.namespace = c.namespace
         WHERE ${inNamespaces}`,
    );
    this.labelPairMatches = db.prepare(
      `SELECT coalesce(sum(p.objects), 0) AS n FROM label_pairs_fts f
         CROSS JOIN label_pairs p ON p.id = f.rowid WHERE label_pairs_fts MATCH ?`,
    );
    this.labelPairRowIds = db.prepare(labelPairRowIds);
  }

  /**
   * The ids of the rows a search's text is in (name, namespace or a label pair) as a JSON array,
   * when they are fewer than `fewTrigramMatches` by the counts (a row matched twice counts twice);
   * undefined when there are more. Each count is an index range or a small table's scan.
   */
  searchIds(query: SearchQuery, match: TrigramMatch): string | undefined {
    const text = query.text.trim();
    const names = this.names(match);
    if (names.few === undefined) return undefined;
    const clusters = JSON.stringify(query.scope.map((entry) => entry.cluster));
    const kinds = JSON.stringify(searchKinds(query));
    const inNamespaces = this.namespaceMatches.get(text, clusters, kinds) as { n: number };
    const inPairs = this.labelPairMatches.get(match.match) as { n: number };
    if (names.count + inNamespaces.n + inPairs.n >= fewTrigramMatches) return undefined;
    const ids = new Set(JSON.parse(names.few) as number[]);
    const rows = [
      ...(inNamespaces.n > 0 ? this.namespaceRowIds.all(text, clusters, kinds) : []),
      ...(inPairs.n > 0 ? this.labelPairRowIds.all(kinds, match.match) : []),
    ] as Array<{ id: number }>;
    for (const row of rows) ids.add(row.id);
    return JSON.stringify([...ids]);
  }

  /**
   * Rows whose name the trigram MATCH finds, counted up to `fewTrigramMatches` (a few ms at a
   * million), and their ids as a JSON array when fewer: the query then reads them without
   * matching again.
   */
  names({ match, narrowed }: TrigramMatch): { count: number; few?: string } {
    if (narrowed) {
      // The rows holding the text's last characters, when few, checked for the whole text.
      const candidates = this.matchIds.get(narrowed.piece) as { n: number; ids: string };
      if (candidates.n < fewTrigramMatches) {
        const { n: count, ids } = this.containing.get(candidates.ids, narrowed.text) as {
          n: number;
          ids: string;
        };
        return { count, few: ids };
      }
    }
    // count(*) and json_group_array answer one row even when nothing matches.
    const { n: count, ids } = this.matchIds.get(match) as { n: number; ids: string };
    return count < fewTrigramMatches ? { count, few: ids } : { count };
  }
}
