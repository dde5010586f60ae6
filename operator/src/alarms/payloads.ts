import type { Labels } from './silence-match.js';

/** One alarm as the receivers are told about it. */
export interface Notice {
  rule: string;
  cluster: string;
  /** The rule's header and content with the alarm's values filled in. */
  header: string;
  content: string;
  labels: Labels;
  value: number;
  firedAt: string;
}

function labelLine(labels: Labels): string {
  return Object.entries(labels)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([name, value]) => `${name}=${value}`)
    .join(', ');
}

/** Plain text shared by email, WeChat and SMS. */
export function plainText(notice: Notice): string {
  return [
    notice.content || notice.header,
    '',
    `Cluster: ${notice.cluster}`,
    `Rule: ${notice.rule}`,
    `Value: ${notice.value}`,
    `Since: ${notice.firedAt}`,
    `Labels: ${labelLine(notice.labels)}`,
  ].join('\n');
}

/** A Slack incoming-webhook message (https://api.slack.com/messaging/webhooks). */
export function slackPayload(channel: string, notice: Notice) {
  return {
    channel,
    text: `[${notice.cluster}] ${notice.header}`,
    attachments: [
      {
        color: 'danger',
        title: notice.header,
        text: notice.content,
        fields: [
          { title: 'Cluster', value: notice.cluster, short: true },
          { title: 'Value', value: String(notice.value), short: true },
          { title: 'Labels', value: labelLine(notice.labels), short: false },
        ],
        ts: Math.floor(Date.parse(notice.firedAt) / 1000),
      },
    ],
  };
}

/** WeChat Work's message/send body for a text message to an application's users. */
export function weChatPayload(settings: { agentId: string; toUser: string }, notice: Notice) {
  return {
    touser: settings.toUser,
    msgtype: 'text',
    agentid: Number(settings.agentId),
    text: { content: `${notice.header}\n${plainText(notice)}` },
    safe: 0,
  };
}

/** SMS texts are short: the header, the cluster and the value. */
export function smsText(notice: Notice): string {
  return `[Nimbus] ${notice.header} (${notice.cluster}, value ${notice.value})`.slice(0, 300);
}

/** The body posted to an SMS gateway (Nimbus's format, docs/decisions/alarms.md "Alarms"). */
export function smsPayload(phoneNumbers: readonly string[], notice: Notice) {
  return { to: [...phoneNumbers], message: smsText(notice) };
}

export function emailMessage(settings: { from: string; to: readonly string[] }, notice: Notice) {
  return {
    from: settings.from,
    to: [...settings.to],
    subject: `[${notice.cluster}] ${notice.header}`,
    text: plainText(notice),
  };
}

/** Alertmanager v2 postable alert (POST /api/v2/alerts). */
export interface PostableAlert {
  labels: Record<string, string>;
  annotations: Record<string, string>;
  startsAt: string;
  endsAt: string;
  generatorURL?: string;
}

export function alertmanagerAlert(notice: Notice, endsAt: string): PostableAlert {
  return {
    labels: { ...notice.labels },
    annotations: {
      summary: notice.header,
      description: notice.content,
      value: String(notice.value),
    },
    startsAt: notice.firedAt,
    endsAt,
  };
}
