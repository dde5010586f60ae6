import { describe, expect, it } from 'vitest';
import { messagesIn } from '../../tests/messages';
import { serviceAccountRefusal as refusal } from '../../tests/refusals';
import { createI18n } from '../i18n/createI18n';
import { callText, refusalText } from './refusalText';

const tIn = (language: keyof typeof messagesIn) => {
  const i18n = createI18n(language, messagesIn[language]);
  return i18n.t.bind(i18n);
};

describe('refusalText', () => {
  it('words an RBAC refusal from its parts, in each language', () => {
    expect(refusalText(refusal, tIn('en'))).toBe(
      'prod: cannot get serviceaccounts in namespace web',
    );
    expect(refusalText(refusal, tIn('zh'))).toBe('prod：无权在命名空间 web 中读取 serviceaccounts');
    expect(refusalText(refusal, tIn('ja'))).toBe(
      'prod: 名前空間 web の serviceaccounts を取得できません',
    );
  });

  it('writes a subresource and the cluster scope as Kubernetes does', () => {
    const at = { ...refusal, resource: 'nodes', subresource: 'proxy', namespace: undefined };
    const { namespace: _n, ...clusterScoped } = at;
    expect(refusalText(clusterScoped, tIn('en'))).toBe(
      'prod: cannot get nodes/proxy at cluster scope',
    );
  });

  it("keeps a verb it cannot translate, and the member's words for other refusals", () => {
    expect(refusalText({ ...refusal, verb: 'approve' }, tIn('zh'))).toBe(
      'prod：无权在命名空间 web 中approve serviceaccounts',
    );
    const quota = { ...refusal, cause: 'other' as const, reason: 'exceeded quota: q' };
    expect(refusalText(quota, tIn('ja'))).toBe('prod が拒否しました: exceeded quota: q');
  });

  it('says an escalation refusal is about granting rights not held', () => {
    const escalation = {
      ...refusal,
      cause: 'escalation' as const,
      verb: 'create',
      resource: 'rolebindings',
    };
    expect(refusalText(escalation, tIn('en'))).toBe(
      'prod: cannot create rolebindings shop, because it grants rights you do not hold',
    );
  });
});

describe('callText', () => {
  it('names the object when the call had one', () => {
    expect(callText(refusal, tIn('en'))).toBe('get serviceaccounts "shop" in namespace web');
  });
});
