import { StrokeIcon, type IconProps } from '../../shared/ui/stroke-icon';

/** A magnifying glass: the search control's mark. */
export function SearchIcon(props: IconProps) {
  return (
    <StrokeIcon {...props}>
      <circle cx="11" cy="11" r="7" />
      <path d="m20 20-3.5-3.5" />
    </StrokeIcon>
  );
}
