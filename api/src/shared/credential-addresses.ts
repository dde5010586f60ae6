// Where a stored write-only credential is sent. Such a credential is bound to the address it was
// given for: the fields of its object that decide where it goes (host, port, scheme, endpoint).
// Changing one of them without giving the credential again would let anyone who may edit the
// object, but never read the credential, send it to a server of their choosing. The operator
// refuses that change and never uses a credential at another address; the console asks for the
// credential again as soon as such a field changes (docs/decisions/credential-addresses.md).
import type { ReceiverType } from './alarms.js';
import type { ChartSourceType } from './chart-sources.js';

/** The fields that decide where a credential goes, by name. */
export type CredentialAddress = Readonly<Record<string, string | number>>;

/** One text per address (fields sorted), as recorded beside the credential. */
export function addressText(address: CredentialAddress): string {
  const fields = Object.keys(address).sort();
  return JSON.stringify(Object.fromEntries(fields.map((field) => [field, address[field]])));
}

export const sameAddress = (a: CredentialAddress, b: CredentialAddress): boolean =>
  addressText(a) === addressText(b);

/**
 * A registry's login goes to its host (an ECR or SWR host also names the vendor's region), over
 * https, or over plain http when the registry says `plainHttp` (the login then travels in clear,
 * so turning it on asks for the login again). Without it the address is the host alone, as
 * stored before plain http existed.
 */
export function registryAddress(registry: {
  host: string;
  plainHttp?: boolean | undefined;
}): CredentialAddress {
  const host = registry.host.trim().toLowerCase();
  return registry.plainHttp ? { host, scheme: 'http' } : { host };
}

function urlParts(url: string): { scheme: string; host: string } {
  try {
    const parsed = new URL(url.trim());
    return { scheme: parsed.protocol.replace(/:$/, ''), host: parsed.host };
  } catch {
    return { scheme: '', host: url.trim() };
  }
}

/**
 * A chart source's login goes to its URL's host, over http or https: an OCI source speaks
 * plain HTTP when `plainHttp` is on, a chart repository as its URL says.
 */
export function chartSourceAddress(source: {
  type: ChartSourceType;
  url: string;
  plainHttp?: boolean | undefined;
}): CredentialAddress {
  const { scheme, host } = urlParts(source.url.replace(/^oci:/, 'https:'));
  if (source.type !== 'OCI') return { scheme, host };
  return { scheme: source.plainHttp ? 'http' : 'https', host };
}

/** The settings of a receiver that its address is read from (any of its type's). */
export interface ReceiverAddressSettings {
  email?: { smtpHost: string; smtpPort?: number | undefined; security?: string | undefined };
  weChat?: { corpId: string; apiUrl?: string | undefined };
  sms?: { apiUrl: string };
}

/**
 * Where a receiver's credential goes: the SMTP server and how it is reached (the password is sent
 * in clear without TLS), the WeChat API endpoint and the corp whose application secret it is, the
 * SMS gateway. A Slack credential is the webhook URL itself, so it can only move when given again.
 */
export function receiverAddress(
  type: ReceiverType,
  settings: ReceiverAddressSettings,
): CredentialAddress {
  switch (type) {
    case 'Email':
      return {
        type,
        smtpHost: (settings.email?.smtpHost ?? '').trim().toLowerCase(),
        smtpPort: settings.email?.smtpPort ?? 0,
        security: settings.email?.security ?? '',
      };
    case 'WeChat':
      return {
        type,
        apiUrl: (settings.weChat?.apiUrl ?? '').trim(),
        corpId: settings.weChat?.corpId ?? '',
      };
    case 'SMS':
      return { type, apiUrl: (settings.sms?.apiUrl ?? '').trim() };
    case 'Slack':
      return { type };
  }
}
