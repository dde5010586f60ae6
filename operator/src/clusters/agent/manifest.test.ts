import { describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';
import { indexedKinds } from '../../index/kinds.js';
import { agentClusterRules, agentManifestYaml } from './manifest.js';
import { registrationCommand } from './command.js';

describe('the member agent manifest', () => {
  it('lets the agent read every kind the index lists, and grants no impersonation itself', () => {
    const rules = agentClusterRules();
    for (const kind of indexedKinds) {
      expect(
        rules.some(
          (rule) =>
            rule.apiGroups?.includes(kind.group) &&
            rule.resources?.includes(kind.plural) &&
            rule.verbs.includes('watch'),
        ),
      ).toBe(true);
    }
    expect(rules.flatMap((rule) => rule.verbs)).not.toContain('impersonate');
    expect(rules.some((rule) => rule.resources?.includes('*') || rule.verbs.includes('*'))).toBe(
      false,
    );
  });

  it('is valid YAML with the six objects a kubectl apply creates', () => {
    const kinds = parseAllDocuments(agentManifestYaml()).map(
      (document) => (document.toJS() as { kind: string }).kind,
    );
    expect(kinds).toEqual([
      'Namespace',
      'ServiceAccount',
      'ClusterRole',
      'ClusterRoleBinding',
      'Role',
      'RoleBinding',
    ]);
  });
});

describe('the registration command', () => {
  it('quotes what it embeds and reads the agent token from stdin', () => {
    const command = registrationCommand('https://hub.example/api/v1/manage.nimbus.io', 'tok-1');
    expect(command).toContain(
      "curl -fsSL 'https://hub.example/api/v1/manage.nimbus.io/registration/manifest' | kubectl apply -f -",
    );
    expect(command).toContain("-H 'X-Nimbus-Registration-Token: tok-1'");
    expect(command).toContain('--data-urlencode token@-');
    expect(registrationCommand("https://h/x'y", 't')).toContain("'https://h/x'\\''y/registration'");
  });
});
