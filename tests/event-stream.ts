// Server-Sent Events as the API and browser tests read a member's live stream.

export type StreamEvent<Data = unknown> = { id: string; event: string; data: Data };

/** The complete events at the front of a stream's text (comments such as keep-alives skipped), and what is left. */
export function takeEvents<Data = unknown>(buffer: string): { events: StreamEvent<Data>[]; rest: string } {
  const events: StreamEvent<Data>[] = [];
  let rest = buffer;
  let cut;
  while ((cut = rest.indexOf('\n\n')) >= 0) {
    const block = rest.slice(0, cut);
    rest = rest.slice(cut + 2);
    const field = (name: string) => new RegExp(`^${name}: ?(.*)$`, 'm').exec(block)?.[1];
    const event = field('event');
    if (event) events.push({ id: field('id') ?? '', event, data: JSON.parse(field('data') ?? 'null') as Data });
  }
  return { events, rest };
}
