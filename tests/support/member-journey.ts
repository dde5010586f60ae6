import type { Browser, Page } from 'playwright-core';
import { launchChromium } from './browser.js';
import { createOrganization, signedInPage } from './console.js';
import { gitOpsSystemAdmin, hub, removeGitOpsSystemAdmin, type Session } from './iam.js';
import { onMember, registerMember, unregisterMember } from './members.js';

/** A browser signed in as a fresh system admin, with member-a registered and a namespace on it. */
export interface MemberJourney {
  browser: Browser;
  page: Page;
  admin: Session;
  orgName: string;
  cluster: string;
  ns: string;
}

export type JourneyState = Partial<MemberJourney> &
  Pick<MemberJourney, 'orgName' | 'cluster' | 'ns'>;

/**
 * Sets up an end-to-end journey on member-a, filling `journey` step by step (so the cleanup
 * knows how far it got); `prepare` runs on the member before the browser signs in.
 */
export async function startMemberJourney(
  suffix: string,
  journey: JourneyState,
  prepare: () => void = () => undefined,
): Promise<MemberJourney> {
  journey.browser = await launchChromium();
  journey.admin = await gitOpsSystemAdmin(suffix);
  await createOrganization(journey.admin, journey.orgName);
  await registerMember(journey.admin, journey.cluster, journey.orgName, 'member-a', {
    callerReady: true,
  });
  onMember('member-a', ['create', 'namespace', journey.ns]);
  prepare();
  journey.page = await signedInPage(journey.browser, {
    userName: `root-${suffix}`,
    password: `root${suffix}1`,
  });
  return journey as MemberJourney;
}

/** Removes what startMemberJourney made, whatever step it reached. */
export async function endMemberJourney(suffix: string, journey: JourneyState): Promise<void> {
  await journey.browser?.close();
  onMember('member-a', ['delete', 'namespace', journey.ns, '--ignore-not-found', '--wait=false']);
  if (journey.admin) await unregisterMember(journey.admin, journey.cluster, journey.orgName);
  hub(['delete', 'organizations.nimbus.io', journey.orgName, '--ignore-not-found', '--wait=false']);
  removeGitOpsSystemAdmin(suffix);
}
