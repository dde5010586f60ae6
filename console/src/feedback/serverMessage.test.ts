import { errorCatalogue } from '@nimbus/api/shared';
import { describe, expect, it } from 'vitest';
import { messagesIn } from '../../tests/messages';
import { createI18n } from '../i18n/createI18n';
import en from '../i18n/locales/en.json';
import { failureMessage, serverMessage } from './serverMessage';

const tIn = (language: 'en' | 'zh' | 'ja') => {
  const i18n = createI18n(language, messagesIn[language]);
  return i18n.t.bind(i18n);
};

describe("the server's messages", () => {
  it('has every code of the catalogue in each language, English as the operator says it', () => {
    for (const { code, message } of Object.values(errorCatalogue)) {
      expect(en.serverErrors[String(code) as keyof typeof en.serverErrors]).toBe(message);
      for (const language of ['zh', 'ja'] as const)
        expect(tIn(language)(`serverErrors.${code}` as 'serverErrors.1000')).not.toBe(message);
    }
  });

  it('says what the code means in zh and ja, keeping the precise English text after it', () => {
    const precise = { code: 1000, message: 'name: must be a DNS-1123 label' };
    expect(serverMessage(precise, tIn('zh'))).toBe('校验失败: name: must be a DNS-1123 label');
    expect(serverMessage(precise, tIn('ja'))).toBe(
      '検証に失敗しました: name: must be a DNS-1123 label',
    );
    expect(serverMessage({ code: 2001, message: 'cluster is unreachable' }, tIn('zh'))).toBe(
      '无法连接集群',
    );
    expect(serverMessage({ code: 1004, message: '' }, tIn('ja'))).toBe('見つかりません');
  });

  it('leaves English and codes it does not know as the server wrote them', () => {
    const precise = { code: 1000, message: 'name: must be a DNS-1123 label' };
    expect(serverMessage(precise, tIn('en'))).toBe(precise.message);
    expect(serverMessage({ code: 4242, message: 'something new' }, tIn('zh'))).toBe(
      'something new',
    );
  });

  it('reads the failure out of an RTK Query error, or says what the transport said', () => {
    const error = { status: 400, data: { code: 1005, message: errorCatalogue.conflict.message } };
    expect(failureMessage(error, tIn('zh'))).toBe('资源已存在，或已被他人修改');
    expect(
      failureMessage({ status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' }, tIn('zh')),
    ).toBe('TypeError: Failed to fetch');
  });
});
