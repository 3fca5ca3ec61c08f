'use client';
import { useCallback } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import type { Locale } from '@/lib/i18n/locales';
import { formatPrice } from '@/lib/intl-format';
import type { ConversationSummary, Message } from '@/lib/schemas/deals';

/**
 * What a message says, for the conversation and the inbox's preview: the member's words, "Photo",
 * or a step of the deal in words, with its amount in the page's language. A proposal_sent of the
 * listing's owner is a counter-proposal.
 */
export function useMessageText(conversation: Pick<ConversationSummary, 'role' | 'counterpart'>, me: string) {
  const t = useTranslations('Messaging');
  const amounts = useTranslations('Amounts');
  const locale = useLocale() as Locale;
  const ownerId = conversation.role === 'owner' ? me : conversation.counterpart.id;
  const name = conversation.counterpart.firstname;
  return useCallback(
    (message: Message) => {
      if (message.kind === 'text') return message.body || (message.image ? t('photo') : '');
      const amount =
        message.amount !== null && message.currency
          ? amounts('total', { price: formatPrice(message.amount, message.currency, locale) })
          : '';
      const step = message.kind === 'proposal_sent' && message.senderId === ownerId ? 'counter' : message.kind;
      return t(`steps.${step}.${message.senderId === me ? 'you' : 'other'}`, { name, amount });
    },
    [t, amounts, locale, ownerId, name, me],
  );
}
