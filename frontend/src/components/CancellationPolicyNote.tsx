/** A cancellation policy in words under its heading: the hotel's on the hotel page, the stay's on the booking page. */
import { messages } from '@stays/contracts';
import { useId } from 'react';

export function CancellationPolicyNote({ text, className = 'detail-section', level = 2 }: { text: string; className?: string; level?: 2 | 3 }) {
  const heading = useId();
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <section className={`cancellation-policy ${className}`} aria-labelledby={heading}>
      <Heading id={heading}>{messages.cancellationPolicy.heading}</Heading>
      <p>{text}</p>
    </section>
  );
}
