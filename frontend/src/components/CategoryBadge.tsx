import { Intent, Tag } from '@blueprintjs/core';
import { priceCategory, type PriceCategory } from '@stays/contracts';

const INTENTS: Record<PriceCategory, Intent> = { Luxurious: Intent.DANGER, Business: Intent.PRIMARY, Medium: Intent.WARNING, Economic: Intent.SUCCESS };

/** The price category badge: computed by the contracts rule from the starting price. */
export function CategoryBadge({ startingPrice }: { startingPrice: number }) {
  const category = priceCategory(startingPrice);
  return (
    <Tag intent={INTENTS[category]} round minimal>
      {category}
    </Tag>
  );
}
