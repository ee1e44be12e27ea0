/**
 * A minimal iCalendar reader written from RFC 5545 alone (no ical.js), so a feed we write is
 * checked by a second, independent parser: lines end in CRLF (3.1), a line starting with a
 * space or tab continues the previous one (unfolding), a content line is
 * `name *(";" param) ":" value` with quoted parameter values (3.1, 3.2), and components nest
 * between BEGIN and END. Also reports what a strict reader would refuse: a bare LF, a line
 * longer than 75 octets.
 */
export interface ContentLine {
  readonly name: string;
  readonly params: Readonly<Record<string, string>>;
  readonly value: string;
}

export interface Component {
  readonly name: string;
  readonly properties: ContentLine[];
  readonly components: Component[];
}

export interface ReadCalendar {
  readonly calendar: Component;
  /** Problems against the RFC's line rules (empty for a well-formed feed). */
  readonly problems: string[];
}

function contentLine(line: string): ContentLine {
  let index = 0;
  const nameEnd = line.search(/[;:]/);
  if (nameEnd <= 0) throw new Error(`not a content line: ${line}`);
  const name = line.slice(0, nameEnd).toUpperCase();
  index = nameEnd;
  const params: Record<string, string> = {};
  while (line[index] === ';') {
    const equals = line.indexOf('=', index);
    const paramName = line.slice(index + 1, equals).toUpperCase();
    index = equals + 1;
    let value: string;
    if (line[index] === '"') {
      const close = line.indexOf('"', index + 1);
      value = line.slice(index + 1, close);
      index = close + 1;
    } else {
      const end = line.slice(index).search(/[;:]/);
      value = line.slice(index, index + end);
      index += end;
    }
    params[paramName] = value;
  }
  if (line[index] !== ':') throw new Error(`no value in: ${line}`);
  return { name, params, value: line.slice(index + 1) };
}

export function readCalendar(text: string): ReadCalendar {
  const problems: string[] = [];
  if (/[^\r]\n/.test(text) || text.startsWith('\n')) problems.push('a line ends in LF without CR');
  if (!text.endsWith('\r\n')) problems.push('the last line has no CRLF');
  const physical = text.split('\r\n');
  if (physical[physical.length - 1] === '') physical.pop();
  for (const line of physical) if (Buffer.byteLength(line, 'utf8') > 75) problems.push(`a line of ${Buffer.byteLength(line, 'utf8')} octets: ${line}`);
  const logical: string[] = [];
  for (const line of physical) {
    if ((line.startsWith(' ') || line.startsWith('\t')) && logical.length > 0) logical[logical.length - 1] += line.slice(1);
    else logical.push(line);
  }
  const stack: Component[] = [];
  let root: Component | null = null;
  for (const line of logical) {
    const property = contentLine(line);
    if (property.name === 'BEGIN') {
      const component: Component = { name: property.value.toUpperCase(), properties: [], components: [] };
      stack[stack.length - 1]?.components.push(component);
      stack.push(component);
    } else if (property.name === 'END') {
      const component = stack.pop();
      if (component?.name !== property.value.toUpperCase()) throw new Error(`END:${property.value} closes ${component?.name ?? 'nothing'}`);
      if (stack.length === 0) root = component;
    } else {
      const current = stack[stack.length - 1];
      if (current === undefined) throw new Error(`a property outside any component: ${line}`);
      current.properties.push(property);
    }
  }
  if (root === null || stack.length > 0) throw new Error('the calendar is not closed');
  return { calendar: root, problems };
}

export const propertyOf = (component: Component, name: string): ContentLine | undefined => component.properties.find((property) => property.name === name);

/** A DATE value (YYYYMMDD) as YYYY-MM-DD. */
export const isoDate = (value: string): string => `${value.slice(0, 4)}-${value.slice(4, 6)}-${value.slice(6, 8)}`;
