/** A stay's timing as the spec labels it: Upcoming until its first night (India time), Completed after. */
import { Intent, Tag } from '@blueprintjs/core';
import { messages, stayIsAhead } from '@stays/contracts';

export function StayTimingTag({ dateOfCommencement, now }: { readonly dateOfCommencement: string; readonly now: Date }) {
  return stayIsAhead(dateOfCommencement, now) ? (
    <Tag intent={Intent.SUCCESS} minimal>
      {messages.ui.upcoming}
    </Tag>
  ) : (
    <Tag intent={Intent.DANGER} minimal>
      {messages.ui.completed}
    </Tag>
  );
}
