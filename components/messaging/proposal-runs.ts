import type { Message } from '@/lib/schemas/deals';

/**
 * Messages as the list shows them: a run of proposals of one person in a row (edits, counters) is one
 * line with the latest amount and how many times it changed, not forty identical lines.
 */
export function groupProposalRuns(messages: Message[]): { message: Message; key: string; changes: number }[] {
  const items: { message: Message; key: string; changes: number }[] = [];
  for (const message of messages) {
    const last = items.at(-1);
    if (
      last &&
      message.kind === 'proposal_sent' &&
      last.message.kind === 'proposal_sent' &&
      last.message.senderId === message.senderId
    ) {
      last.message = message;
      last.changes += 1;
    } else items.push({ message, key: message.id, changes: 0 });
  }
  return items;
}
