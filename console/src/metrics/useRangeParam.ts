import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import type { MetricsRange } from '../api/metricsApi';
import { rangeFromParams, withRangeParams } from './rangeParams';

/** The screen's time range, kept in its URL. */
export function useRangeParam(): [MetricsRange, (range: MetricsRange) => void] {
  const [params, setParams] = useSearchParams();
  const choose = useCallback(
    (range: MetricsRange) => setParams((current) => withRangeParams(current, range)),
    [setParams],
  );
  return [rangeFromParams(params), choose];
}
