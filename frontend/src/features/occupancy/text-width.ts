/**
 * The width of a text as the browser draws it, so chart margins fit their labels and axis
 * labels can be thinned before they touch: a canvas measures with the chart's own font.
 * Outside a browser (unit tests) an average glyph width stands in.
 */
let context: CanvasRenderingContext2D | null | undefined;

/** Width in px of `text` in `fontSize` px of `fontFamily` (a CSS font-family list). */
export function textWidth(text: string, fontSize: number, fontFamily: string): number {
  if (context === undefined) context = typeof document === 'undefined' ? null : document.createElement('canvas').getContext('2d');
  if (context === null) return text.length * fontSize * 0.62;
  context.font = `${fontSize}px ${fontFamily}`;
  return context.measureText(text).width;
}

/** `text` cut to fit `width` px, ending in '…' when cut (the caller keeps the whole text in a title). */
export function fitText(text: string, width: number, measure: (text: string) => number): string {
  if (measure(text) <= width) return text;
  let kept = text.length - 1;
  while (kept > 1 && measure(`${text.slice(0, kept).trimEnd()}…`) > width) kept--;
  return `${text.slice(0, kept).trimEnd()}…`;
}
