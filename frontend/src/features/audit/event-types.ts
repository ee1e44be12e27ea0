/**
 * The log browser's event types: every type of the event catalogue, grouped by the stream
 * categories it is appended to (the part of a stream name before its first '-'), in the
 * catalogue's order. DOM-free.
 */
import { eventCatalogue } from '@stays/contracts';

export interface EventTypeGroup {
  /** The stream categories, e.g. 'booking' or 'customer, owner'. */
  readonly label: string;
  readonly types: readonly string[];
}

/** The categories a catalogue stream text names: 'customer-{accountId} or owner-{accountId}' → ['customer', 'owner']. */
export function streamCategories(stream: string): string[] {
  const categories = stream.split(/,\s*|\s+or\s+/).map((name) => name.split('-')[0]!.trim());
  return [...new Set(categories.filter((category) => category !== ''))];
}

export function eventTypeGroups(catalogue: Readonly<Record<string, { readonly stream: string }>> = eventCatalogue): EventTypeGroup[] {
  const groups = new Map<string, string[]>();
  for (const [type, { stream }] of Object.entries(catalogue)) {
    const label = streamCategories(stream).join(', ');
    groups.set(label, [...(groups.get(label) ?? []), type]);
  }
  return [...groups].map(([label, types]) => ({ label, types }));
}
