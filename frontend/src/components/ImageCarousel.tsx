/**
 * Photos one at a time with previous/next controls and dots; optionally advancing by
 * itself. The dots sit under the photo, not on it: a photo's own caption or detail near
 * its bottom edge (the demo photos carry the hotel's name there) stays readable.
 */
import { Button } from '@blueprintjs/core';
import { messages } from '@stays/contracts';
import { useEffect, useState } from 'react';

interface Slide {
  readonly url: string;
  readonly alt: string;
}

export function ImageCarousel({ slides, autoAdvanceMs, className = '' }: { slides: readonly Slide[]; autoAdvanceMs?: number; className?: string }) {
  const [index, setIndex] = useState(0);
  const count = slides.length;
  useEffect(() => {
    if (autoAdvanceMs === undefined || count < 2) return;
    const timer = setInterval(() => setIndex((i) => (i + 1) % count), autoAdvanceMs);
    return () => clearInterval(timer);
  }, [autoAdvanceMs, count]);
  if (count === 0) return null;
  const current = slides[index % count]!;
  return (
    <div className={`carousel ${className}`}>
      <div className="carousel-stage">
        <img src={current.url} alt={current.alt} className="carousel-image" />
        {count > 1 && (
          <>
            <Button
              className="carousel-prev"
              icon="chevron-left"
              aria-label={messages.ui.previousSlide}
              onClick={() => setIndex((i) => (i - 1 + count) % count)}
            />
            <Button className="carousel-next" icon="chevron-right" aria-label={messages.ui.nextSlide} onClick={() => setIndex((i) => (i + 1) % count)} />
          </>
        )}
      </div>
      {count > 1 && (
        <div className="carousel-dots" aria-hidden="true">
          {slides.slice(0, 20).map((slide, i) => (
            <span key={slide.url + i} className={i === index % count ? 'dot active' : 'dot'} />
          ))}
        </div>
      )}
    </div>
  );
}
