// What members say in the demo's conversations, by role: the shipper sends a parcel, the carrier
// travels. On a package the owner is the shipper and the contact the carrier; on a travel it is the
// other way round.

export type Role = 'shipper' | 'carrier';
export const DEFAULT_OPENER = 'Bonjour, votre annonce m’intéresse. Est-ce toujours disponible ?';
export const OPENERS: Record<Role, string[]> = {
  shipper: [
    'Bonjour, est-ce que vous partez toujours à la date indiquée ?',
    'Salut ! Il te reste de la place pour un petit colis ?',
    'عسلامة، مازال عندك بلاصة في الفاليجة؟',
    'Hello, do you still have some room in your luggage?',
  ],
  carrier: [
    'Bonjour, je fais le trajet à ces dates, je peux prendre votre colis.',
    'Salut, ton colis est toujours à envoyer ?',
    'عسلامة، الكوليس مازال؟ أنا مسافر في نفس النهار.',
    'Hi, I am travelling on that day and can take your parcel.',
  ],
};
export const REPLIES: Record<Role, string[]> = {
  shipper: [
    'Bonjour, oui toujours disponible !',
    'Oui, toujours à envoyer. Vous partez quand exactement ?',
    'أهلا، إيه مازال.',
    'Ahla, ey mazel 👍',
    'Hi, yes it is!',
  ],
  carrier: [
    'Bonjour, oui toujours disponible !',
    'Oui, il me reste de la place. Qu’est-ce que vous voulez envoyer ?',
    'Bonjour ! Oui, c’est toujours d’actualité.',
    'أهلا، إيه مازال عندي بلاصة.',
  ],
};
/** Questions the contact asks, with the owner's answer. */
export const QUESTIONS: Record<Role, [string, string][]> = {
  shipper: [
    ['Vous acceptez les liquides ?', 'Non, pas de liquides, désolé. Le reste oui.'],
    ['C’est possible de livrer à domicile ?', 'Oui, si ce n’est pas trop loin de l’aéroport.'],
    ['Le destinataire pourra venir le chercher à l’arrivée ?', 'Oui, sans problème, je lui donnerai mon numéro.'],
    ['Vous arrivez à quelle heure ?', 'En fin d’après-midi, vers 17 h.'],
    ['نجم نبعث حاجة فيها ماكلة؟', 'إيه، كان مسكرة مليح.'],
  ],
  carrier: [
    ['Est-ce que le colis est bien emballé ?', 'Oui, tout est bien protégé.'],
    ['Quelle est la taille du carton ?', 'Environ 40 × 30 × 20 cm.'],
    ['Il y a quelque chose de fragile dedans ?', 'Non, seulement des vêtements et des papiers.'],
    ['Le destinataire habite loin de l’aéroport ?', 'Non, à dix minutes, il peut venir vous voir.'],
    ['فيه حاجة تتكسر؟', 'لا، كان حوايج.'],
  ],
};
/** After an accepted proposal: the contact, then the owner. */
export const LOGISTICS: Record<Role, string[]> = {
  shipper: [
    'Parfait ! On se retrouve où pour la remise ?',
    'Super, merci. Je vous envoie l’adresse du destinataire.',
    'Le colis est prêt, je peux vous le déposer quand vous voulez.',
    'يعطيك الصحة، وين نتلاقاو؟',
  ],
  carrier: [
    'À l’aéroport, deux heures avant le départ, ça vous va ?',
    'Je peux passer récupérer le colis demain soir.',
    'On se retrouve devant la gare vers 18 h ?',
    'Envoyez-moi le numéro du destinataire s’il vous plaît.',
    'باهي، نتلاقاو قدام المحطة.',
  ],
};
export const CLOSINGS: Record<Role, string[]> = {
  shipper: ['Merci beaucoup !', 'C’est noté, à bientôt.', 'بارك الله فيك 🙏', 'Merci, bonne route !'],
  carrier: [
    'Avec plaisir.',
    'Je vous préviens à l’arrivée.',
    'Le colis est bien arrivé, tout est en ordre.',
    'Bien reçu, à bientôt.',
  ],
};
export const THINKING = [
  'Je regarde et je vous réponds ce soir.',
  'Je confirme demain matin, d’accord ?',
  'نشوف ونرجعلك.',
];
export const CANCELLING = [
  'Finalement j’annule, désolé pour le dérangement.',
  'Mes plans ont changé, j’annule ma proposition. Désolé !',
  'سامحني، بطلت.',
];
export const AFTER_CANCEL = ['Pas de souci, bonne journée !', 'Aucun problème, une autre fois.', 'مافماش مشكل.'];
export const AFTER_DECLINE = ['D’accord, tant pis. Bon voyage !', 'Dommage, merci quand même.', 'Ok, merci.'];

/** 12.5 and 'TND' → '12,5 TND'. */
function money(amount: number, currency: string): string {
  return `${String(amount).replace('.', ',')} ${currency}`;
}

/** The publisher's counter-offer, said after the proposal. */
export function counterOffer(amount: number, currency: string): string {
  return `Je peux le faire pour ${money(amount, currency)}, ça vous va ?`;
}
