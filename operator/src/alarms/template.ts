import type { Labels } from './silence-match.js';

export interface TemplateValues {
  rule: string;
  cluster: string;
  value: number;
  threshold: number;
  labels: Labels;
}

/**
 * Fills {{value}}, {{threshold}}, {{rule}}, {{cluster}} and {{labels.<name>}} into a rule's
 * header or content; anything else between braces is left as written. No expressions: rule
 * authors are organization admins, and a template language would let them run code here.
 */
export function fillTemplate(template: string, values: TemplateValues): string {
  return template.replace(/\{\{\s*([A-Za-z_.][A-Za-z0-9_.]*)\s*\}\}/g, (whole, key: string) => {
    if (key === 'value') return String(values.value);
    if (key === 'threshold') return String(values.threshold);
    if (key === 'rule') return values.rule;
    if (key === 'cluster') return values.cluster;
    if (key.startsWith('labels.')) return values.labels[key.slice('labels.'.length)] ?? '';
    return whole;
  });
}

/** The values of one alarm of a rule, for its header and content. */
export function alarmTemplateValues(
  rule: { metadata: { name: string }; spec: { cluster: string; threshold: number } },
  alarm: { value: number; labels: Labels },
): TemplateValues {
  return {
    rule: rule.metadata.name,
    cluster: rule.spec.cluster,
    value: alarm.value,
    threshold: rule.spec.threshold,
    labels: alarm.labels,
  };
}
