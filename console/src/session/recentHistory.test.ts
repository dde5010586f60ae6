import { describe, expect, it } from 'vitest';
import {
  addToHistory,
  clearHistory,
  historyRecordOf,
  readHistory,
  recordVisit,
  type HistoryRecord,
} from './recentHistory';

const visit = (name: string, cluster = 'c1'): HistoryRecord => ({
  vendor: 'aws',
  region: 'us-east-1',
  cluster,
  name,
  type: 'Deployment',
  fullPath: `/detail/Deployment/${name}?cluster=${cluster}`,
});

const names = (history: HistoryRecord[]) => history.map((entry) => entry.name);

describe('addToHistory', () => {
  it('puts the newest visit first', () => {
    expect(names(addToHistory([visit('a'), visit('b')], visit('c')))).toEqual(['c', 'a', 'b']);
  });

  it('keeps one entry per path, moving a revisited page to the front', () => {
    const history = [visit('a'), visit('b'), visit('c')];
    expect(names(addToHistory(history, visit('c')))).toEqual(['c', 'a', 'b']);
    expect(addToHistory(history, visit('c', 'c2'))).toHaveLength(4);
  });

  it('grows to 9 entries and then trims the oldest (trimmed when over 8)', () => {
    let history: HistoryRecord[] = [];
    for (let index = 1; index <= 9; index += 1) history = addToHistory(history, visit(`p${index}`));
    expect(history).toHaveLength(9);

    history = addToHistory(history, visit('p10'));

    expect(history).toHaveLength(9);
    expect(names(history)).toEqual(['p10', 'p9', 'p8', 'p7', 'p6', 'p5', 'p4', 'p3', 'p2']);
  });
});

describe('persisted history', () => {
  it('records visits in localStorage and clears them', () => {
    recordVisit(visit('a'));
    recordVisit(visit('b'));
    recordVisit(visit('a'));
    expect(names(readHistory())).toEqual(['a', 'b']);

    clearHistory();

    expect(readHistory()).toEqual([]);
  });

  it('survives garbage in storage', () => {
    localStorage.setItem('nimbus.history', '{not json');
    expect(readHistory()).toEqual([]);
  });
});

describe('historyRecordOf', () => {
  it('describes a detail page from its path and query', () => {
    const url = new URL(
      'http://x/detail/Deployment/web?vendor=aws&region=eu-1&cluster=prod&namespace=shop',
    );
    expect(historyRecordOf(url)).toEqual({
      type: 'Deployment',
      name: 'web',
      vendor: 'aws',
      region: 'eu-1',
      cluster: 'prod',
      namespace: 'shop',
      fullPath: '/detail/Deployment/web?vendor=aws&region=eu-1&cluster=prod&namespace=shop',
    });
  });

  it('leaves the namespace out for cluster-scoped kinds and ignores other pages', () => {
    expect(historyRecordOf(new URL('http://x/detail/Node/n1?cluster=prod'))).not.toHaveProperty(
      'namespace',
    );
    expect(historyRecordOf(new URL('http://x/list/Deployment'))).toBeUndefined();
  });
});
