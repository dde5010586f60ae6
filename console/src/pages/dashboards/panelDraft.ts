import type { Panel, PanelBodyInput, PanelVisualization, PromqlBuilder } from '@nimbus/api';
import type { MetricUnit } from '@nimbus/api/shared';
import { buildPromql } from './promql/buildPromql';

export const emptyBuilder: PromqlBuilder = {
  metric: '',
  functions: [],
  dimension: 'by',
  labels: [],
  interval: '5m',
  k: 5,
  filters: [],
};

/** What the panel editor's form holds besides the query and the builder. */
export interface PanelFormValues {
  title: string;
  description?: string;
  visualization: PanelVisualization;
  unit?: MetricUnit | null;
  threshold?: number | null;
  danger?: number | null;
  legendFormat?: string;
}

export const formValuesOf = (panel: Panel | undefined): PanelFormValues => ({
  title: panel?.title ?? '',
  description: panel?.description ?? '',
  visualization: panel?.visualization ?? 'line',
  unit: panel?.unit ?? null,
  threshold: panel?.threshold ?? null,
  danger: panel?.danger ?? null,
  legendFormat: panel?.legendFormat ?? '',
});

/**
 * The panel to save: empty optional fields left out, and the builder kept only while the query is
 * still the one it generates (a hand-edited query no longer comes from it).
 */
export function panelToSave(
  name: string | undefined,
  values: PanelFormValues,
  query: string,
  builder: PromqlBuilder,
): PanelBodyInput {
  const text = (value: string | undefined) => value?.trim() || undefined;
  const number = (value: number | null | undefined) =>
    typeof value === 'number' ? value : undefined;
  const fromBuilder = builder.metric !== '' && buildPromql(builder) === query.trim();
  const panel: PanelBodyInput = {
    title: values.title.trim(),
    visualization: values.visualization,
    query: query.trim(),
  };
  const optional = {
    name,
    description: text(values.description),
    legendFormat: text(values.legendFormat),
    unit: values.unit ?? undefined,
    threshold: number(values.threshold),
    danger: number(values.danger),
    builder: fromBuilder ? builder : undefined,
  };
  for (const [key, value] of Object.entries(optional)) {
    if (value !== undefined) Object.assign(panel, { [key]: value });
  }
  return panel;
}
