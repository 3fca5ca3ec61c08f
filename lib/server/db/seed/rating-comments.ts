// What the demo's ratings say, by score (an empty comment is a rating without one).

export const RATING_COMMENTS: Record<number, string[]> = {
  5: [
    'Très sérieux, colis livré à temps. Je recommande !',
    'Parfait du début à la fin, merci encore.',
    'Super contact, très arrangeant.',
    'شخص محترم وثقة، يعطيك الصحة.',
    'Great experience, parcel delivered safely.',
    '',
  ],
  4: ['Bonne expérience, petit retard mais bien communiqué.', 'Sérieux et sympathique.', 'Tout s’est bien passé.', ''],
  3: ['Correct, mais difficile à joindre la veille du départ.', 'Livraison faite, communication à améliorer.'],
  2: ['Retard de plusieurs jours sans prévenir.'],
  1: ['Ne s’est pas présenté au rendez-vous.'],
};
