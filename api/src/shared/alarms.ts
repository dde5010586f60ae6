// Alarm constants both sides use.

/** Alarm receivers: email over SMTP, a Slack channel, WeChat Work, phone/SMS. */
export const receiverTypes = ['Email', 'Slack', 'WeChat', 'SMS'] as const;
export type ReceiverType = (typeof receiverTypes)[number];

/** How a rule compares a sample with its threshold. */
export const alarmOperators = ['>', '>=', '<', '<=', '==', '!='] as const;
export type AlarmOperator = (typeof alarmOperators)[number];

/** The alarm statuses, as Alertmanager's API names them. */
export const alarmStates = ['active', 'unprocessed', 'suppressed'] as const;
export type AlarmState = (typeof alarmStates)[number];

/** A silence is active or expired. */
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
/** A Slack channel or user, e.g. #alerts or @ops: no spaces. */
export const slackChannelPattern = /^[#@]?[^\s]+$/;
/** A WeChat Work application agent id: digits only. */
export const agentIdPattern = /^[0-9]+$/;
