import './NavigationProgress.css';

/**
 * A thin bar across the top while a navigation is under way (no spinner). It creeps
 * towards the end and never claims to finish; it disappears when the navigation does.
 */
export function NavigationProgress({ active }: { active: boolean }) {
  if (!active) return null;
  return (
    <div
      className="nimbus-progress"
      role="progressbar"
      aria-hidden="true"
      data-testid="navigation-progress"
    >
      <div className="nimbus-progress__bar" />
    </div>
  );
}
