/** Amenities with an icon for the known ones (spec section 9). */
import { Icon, type IconName } from '@blueprintjs/core';

const ICONS: Record<string, IconName> = {
  'free wifi': 'feed',
  ac: 'snowflake',
  'play ground': 'soccer-ball',
  parking: 'drive-time',
  tv: 'desktop',
  club: 'glass',
  massage: 'hand',
};

export function AmenityList({ amenities, known }: { amenities: readonly string[]; known: readonly string[] }) {
  const knownLower = new Set(known.map((name) => name.toLowerCase()));
  return (
    <ul className="amenities">
      {amenities.map((amenity) => {
        const key = amenity.trim().toLowerCase();
        const icon = knownLower.has(key) ? ICONS[key] : undefined;
        return (
          <li key={amenity} className="amenity">
            <Icon icon={icon ?? 'tick'} size={14} aria-hidden />
            <span>{amenity}</span>
          </li>
        );
      })}
    </ul>
  );
}
