// Alarm constants both sides use (SPEC §3, §4, §9).

/** SPEC §3 receivers: email over SMTP, a Slack channel, WeChat Work, phone/SMS. */
export const receiverTypes = ['Email', 'Slack', 'WeChat', 'SMS'] as const;
export type ReceiverType = (typeof receiverTypes)[number];

/** How a rule compares a sample with its threshold. */
export const alarmOperators = ['>', '>=', '<', '<=', '==', '!='] as const;
export type AlarmOperator = (typeof alarmOperators)[number];

/** SPEC §4/§9 alarm statuses, as Alertmanager's API names them. */
export const alarmStates = ['active', 'unprocessed', 'suppressed'] as const;
export type AlarmState = (typeof alarmStates)[number];

/** SPEC §4: a silence is active or expired. */
export const silenceStates = ['active', 'expired'] as const;
export type SilenceState = (typeof silenceStates)[number];

/** The write-only credential of each receiver type, a key of its Secret. */
export const receiverCredentialKeys = {
  Email: 'password',
  Slack: 'webhookUrl',
  WeChat: 'apiSecret',
  SMS: 'apiKey',
} as const satisfies Record<ReceiverType, string>;

/** Prometheus label names, as silence matchers name them. */
export const labelNamePattern = /^[a-zA-Z_][a-zA-Z0-9_]*$/;
