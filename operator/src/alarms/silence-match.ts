/** One matcher of a silence, as the AlarmSilence kind and Alertmanager's v2 API write it. */
export interface SilenceMatcher {
  name: string;
  value: string;
  isRegex: boolean;
  isEqual: boolean;
}

export interface SilenceWindow {
  name: string;
  cluster: string;
  matchers: readonly SilenceMatcher[];
  startsAt: string;
  endsAt: string;
}

export type Labels = Readonly<Record<string, string>>;

/** Alertmanager's rule: a regex matches the whole value; a missing label is the empty string. */
export function matcherMatches(matcher: SilenceMatcher, labels: Labels): boolean {
  const value = labels[matcher.name] ?? '';
  let equal: boolean;
  if (matcher.isRegex) {
    try {
      equal = new RegExp(`^(?:${matcher.value})$`).test(value);
    } catch {
      return false;
    }
  } else {
    equal = value === matcher.value;
  }
  return matcher.isEqual ? equal : !equal;
}

/** A silence is active from its start (inclusive) to its end (exclusive). */
export function silenceActiveAt(silence: Pick<SilenceWindow, 'startsAt' | 'endsAt'>, now: number) {
  return Date.parse(silence.startsAt) <= now && now < Date.parse(silence.endsAt);
}

export function silenceState(
  silence: Pick<SilenceWindow, 'startsAt' | 'endsAt'>,
  now: number,
): 'pending' | 'active' | 'expired' {
  if (now >= Date.parse(silence.endsAt)) return 'expired';
  return now < Date.parse(silence.startsAt) ? 'pending' : 'active';
}

/** The first silence of the alarm's cluster, active now, whose every matcher matches. */
export function silencing(
  silences: readonly SilenceWindow[],
  cluster: string,
  labels: Labels,
  now: number,
): SilenceWindow | undefined {
  return silences.find(
    (silence) =>
      silence.cluster === cluster &&
      silenceActiveAt(silence, now) &&
      silence.matchers.every((matcher) => matcherMatches(matcher, labels)),
  );
}
