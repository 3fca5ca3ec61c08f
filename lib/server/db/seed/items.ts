import type { Rng } from './rng';
import { DAY, round, roundTime } from './units';

// What the demo's parcels hold: a name and a description in the owner's language, a weight range,
// and the word drawn on their photos (./images.ts); how long their senders give for the delivery.

export type Item = {
  name: string;
  description: string;
  kg: [number, number];
  label: string;
  lang: 'fr' | 'en' | 'ar';
};

export const ITEMS: Item[] = [
  {
    lang: 'fr',
    label: 'Vêtements',
    kg: [2, 6],
    name: 'Vêtements pour enfants',
    description: 'Un sac de vêtements pour mes neveux, tailles 4 à 8 ans. Rien de fragile.',
  },
  {
    lang: 'fr',
    label: 'Documents',
    kg: [0.5, 1],
    name: 'Documents administratifs',
    description:
      'Enveloppe A4 avec des papiers officiels (actes de naissance, attestations). À remettre en main propre.',
  },
  {
    lang: 'fr',
    label: 'Huile',
    kg: [2.5, 3],
    name: 'Huile d’olive (2 bouteilles)',
    description: 'Deux bouteilles d’un litre d’huile d’olive extra vierge, bien emballées dans du papier bulle.',
  },
  {
    lang: 'fr',
    label: 'Médicaments',
    kg: [0.5, 1.5],
    name: 'Médicaments avec ordonnance',
    description: 'Boîtes de médicaments pour ma mère, avec l’ordonnance et les factures de la pharmacie.',
  },
  {
    lang: 'fr',
    label: 'Pièces auto',
    kg: [3, 12],
    name: 'Pièces auto',
    description: 'Plaquettes de frein et filtre à huile pour une Peugeot 208, dans leur carton d’origine.',
  },
  {
    lang: 'fr',
    label: 'Livres',
    kg: [4, 9],
    name: 'Livres universitaires',
    description: 'Cinq livres de médecine pour une étudiante, bien calés dans un carton.',
  },
  {
    lang: 'fr',
    label: 'Cadeaux',
    kg: [3, 10],
    name: 'Cadeaux de mariage',
    description: 'Cadeaux pour un mariage en famille : vaisselle et tissus, emballage soigné.',
  },
  {
    lang: 'fr',
    label: 'Dattes',
    kg: [3, 3.5],
    name: 'Dattes Deglet Nour 3 kg',
    description: 'Trois boîtes de dattes Deglet Nour de Tozeur, récolte de cette saison.',
  },
  {
    lang: 'fr',
    label: 'Ordinateur',
    kg: [1.5, 3],
    name: 'Ordinateur portable',
    description: 'Ordinateur portable dans sa housse, à remettre à mon frère. Fragile, en cabine si possible.',
  },
  {
    lang: 'fr',
    label: 'Épices',
    kg: [1, 4],
    name: 'Harissa et épices',
    description: 'Pots de harissa maison, ras el hanout et bsissa, bien fermés et emballés.',
  },
  {
    lang: 'fr',
    label: 'Artisanat',
    kg: [1, 3],
    name: 'Chéchias et artisanat',
    description: 'Chéchias rouges et petits objets d’artisanat de la médina de Tunis.',
  },
  {
    lang: 'fr',
    label: 'Téléphone',
    kg: [0.5, 1],
    name: 'Téléphone portable',
    description: 'Smartphone neuf dans sa boîte scellée, avec la facture.',
  },
  {
    lang: 'fr',
    label: 'Chaussures',
    kg: [2, 4],
    name: 'Chaussures de sport',
    description: 'Deux paires de baskets neuves (pointures 38 et 42) dans leurs boîtes.',
  },
  {
    lang: 'fr',
    label: 'Jouets',
    kg: [2, 7],
    name: 'Jouets pour enfants',
    description: 'Jouets et jeux de société pour l’anniversaire de ma fille.',
  },
  {
    lang: 'fr',
    label: 'Valise',
    kg: [15, 23],
    name: 'Valise de vêtements d’hiver',
    description: 'Une valise complète de vêtements d’hiver pour un étudiant qui vient d’arriver.',
  },
  {
    lang: 'fr',
    label: 'Pâtisseries',
    kg: [1, 3],
    name: 'Pâtisseries tunisiennes',
    description: 'Baklawa, makroudh et kaak warka dans des boîtes en carton, à livrer rapidement.',
  },
  {
    lang: 'fr',
    label: 'Lunettes',
    kg: [0.5, 0.8],
    name: 'Lunettes de vue',
    description: 'Une paire de lunettes dans son étui rigide, à déposer chez l’opticien.',
  },
  {
    lang: 'fr',
    label: 'Tapis',
    kg: [4, 9],
    name: 'Tapis berbère',
    description: 'Petit tapis berbère roulé et emballé sous plastique.',
  },
  {
    lang: 'fr',
    label: 'Robe',
    kg: [2, 5],
    name: 'Robe de mariée',
    description: 'Robe de mariée dans une housse, à transporter à plat si possible.',
  },
  {
    lang: 'fr',
    label: 'Café',
    kg: [1, 3],
    name: 'Café et thé',
    description: 'Paquets de café moulu et de thé vert, scellés sous vide.',
  },
  {
    lang: 'fr',
    label: 'Photo',
    kg: [1.5, 3],
    name: 'Appareil photo',
    description: 'Appareil photo reflex avec deux objectifs, dans une sacoche rembourrée.',
  },
  {
    lang: 'fr',
    label: 'Poterie',
    kg: [3, 8],
    name: 'Poterie de Nabeul',
    description: 'Plats et bols en céramique de Nabeul, très bien emballés (fragile).',
  },
  {
    lang: 'fr',
    label: 'Visa',
    kg: [0.5, 1],
    name: 'Dossier de visa',
    description: 'Dossier complet pour un rendez-vous au consulat, à remettre avant la date limite.',
  },
  {
    lang: 'fr',
    label: 'Couscous',
    kg: [3, 6],
    name: 'Couscous et bsissa faits maison',
    description: 'Couscous roulé à la main et bsissa préparés par ma grand-mère.',
  },
  {
    lang: 'fr',
    label: 'Bébé',
    kg: [1.5, 4],
    name: 'Affaires pour bébé',
    description: 'Tire-lait et biberons neufs pour ma sœur qui vient d’accoucher.',
  },
  {
    lang: 'fr',
    label: 'Vélo',
    kg: [2, 6],
    name: 'Pièces de vélo',
    description: 'Une roue avant et une selle, emballées dans un carton renforcé.',
  },
  {
    lang: 'en',
    label: 'Chargeur',
    kg: [0.5, 1],
    name: 'Laptop charger and cables',
    description: 'Original charger and a few USB-C cables for my brother.',
  },
  {
    lang: 'en',
    label: 'Gifts',
    kg: [1, 4],
    name: 'Birthday gifts',
    description: 'Small wrapped gifts for my niece’s birthday, nothing fragile.',
  },
  {
    lang: 'en',
    label: 'Documents',
    kg: [0.5, 1],
    name: 'University documents',
    description: 'Sealed envelope with transcripts and copies of my diploma.',
  },
  {
    lang: 'en',
    label: 'Clothes',
    kg: [4, 10],
    name: 'Winter clothes',
    description: 'A bag of coats and sweaters for the winter.',
  },
  {
    lang: 'ar',
    label: 'Vêtements',
    kg: [2, 6],
    name: 'ملابس للأطفال',
    description: 'كيس فيه ملابس للأطفال، ما فيهاش حاجة تتكسر.',
  },
  {
    lang: 'ar',
    label: 'Huile',
    kg: [2.5, 3],
    name: 'زيت زيتون',
    description: 'قارورتين زيت زيتون من صفاقس، ملفوفين مليح.',
  },
  {
    lang: 'ar',
    label: 'Médicaments',
    kg: [0.5, 1.5],
    name: 'أدوية مع الوصفة',
    description: 'أدوية لأمي مع الوصفة الطبية والفاتورة.',
  },
  {
    lang: 'ar',
    label: 'Documents',
    kg: [0.5, 1],
    name: 'وثائق إدارية',
    description: 'ظرف فيه وثائق رسمية، لازم يتسلم باليد.',
  },
];

export function pickItem(rng: Rng): Item {
  const lang = rng.weighted({ fr: 80, en: 12, ar: 8 });
  return rng.pick(ITEMS.filter((item) => item.lang === lang));
}

/** A weight within the item's range, to 100 g. */
export function parcelWeight(rng: Rng, item: Item): number {
  return round(rng.float(item.kg[0], item.kg[1]), 0.1);
}

/** From the earliest departure to the latest arrival the sender accepts: one to ten days, in ms. */
export function deliveryWindow(rng: Rng): number {
  return roundTime(rng.float(1, 10) * DAY);
}
