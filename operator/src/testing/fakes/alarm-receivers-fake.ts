import express from 'express';
import type { RunningServer } from '../http.js';
import { serve } from '../http.js';

/** What a fake receiver endpoint took, after its checks of the vendor's required fields. */
export interface ReceivedCall {
  path: string;
  query: Record<string, string>;
  headers: Record<string, string | string[] | undefined>;
  body: unknown;
}

export interface ReceiverFakes extends RunningServer {
  slack: ReceivedCall[];
  weChat: ReceivedCall[];
  sms: ReceivedCall[];
}

const weChatToken = 'fake-access-token';

function record(req: express.Request): ReceivedCall {
  return {
    path: req.path,
    query: Object.fromEntries(Object.entries(req.query).map(([k, v]) => [k, String(v)])),
    headers: req.headers,
    body: req.body as unknown,
  };
}

/**
 * Loopback stand-ins for what cannot run here: a Slack incoming webhook (/slack/<secret path>),
 * WeChat Work's API (/wechat/gettoken, /wechat/message/send) and an SMS gateway (/sms). Each
 * refuses a request without the fields the real service requires, answering as it would.
 */
export async function startReceiverFakes(
  expected: { weChatSecret: string; smsKey: string } = {
    weChatSecret: 'wechat-secret',
    smsKey: 'sms-key',
  },
): Promise<ReceiverFakes> {
  const slack: ReceivedCall[] = [];
  const weChat: ReceivedCall[] = [];
  const sms: ReceivedCall[] = [];
  const app = express();
  app.use(express.json());
  app.post('/slack/:path', (req, res) => {
    const body = req.body as { text?: unknown; channel?: unknown };
    if (typeof body.text !== 'string' || body.text === '') {
      res.status(400).type('text').send('no_text');
      return;
    }
    slack.push(record(req));
    res.type('text').send('ok');
  });
  app.get('/wechat/gettoken', (req, res) => {
    weChat.push(record(req));
    if (req.query.corpsecret !== expected.weChatSecret || !req.query.corpid) {
      res.json({ errcode: 40001, errmsg: 'invalid credential' });
      return;
    }
    res.json({ errcode: 0, errmsg: 'ok', access_token: weChatToken, expires_in: 7200 });
  });
  app.post('/wechat/message/send', (req, res) => {
    weChat.push(record(req));
    const body = req.body as { touser?: unknown; msgtype?: unknown; agentid?: unknown };
    if (req.query.access_token !== weChatToken) {
      res.json({ errcode: 40014, errmsg: 'invalid access_token' });
    } else if (body.msgtype !== 'text' || typeof body.agentid !== 'number' || !body.touser) {
      res.json({ errcode: 40008, errmsg: 'invalid message type' });
    } else res.json({ errcode: 0, errmsg: 'ok' });
  });
  app.post('/sms', (req, res) => {
    if (req.headers.authorization !== `Bearer ${expected.smsKey}`) {
      res.status(401).json({ error: 'unauthorized' });
      return;
    }
    sms.push(record(req));
    res.json({ accepted: true });
  });
  const server = await serve(app);
  return { ...server, slack, weChat, sms };
}
