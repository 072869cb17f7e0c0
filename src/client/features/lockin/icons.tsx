// Small inline icons for Lock-In (decorative: every control that uses one is named).
import { type IconProps, Stroke } from '../../ui/icons';

export { ChartIcon, FlameIcon, TimerIcon } from '../../ui/icons';

export const StopIcon = ({ className = 'h-4 w-4' }: IconProps) => (
  <Stroke className={className}>
    <rect x="6" y="6" width="12" height="12" rx="2" />
  </Stroke>
);
