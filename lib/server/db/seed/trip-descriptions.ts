import { placeName } from '@/lib/places';
import type { TravelType } from '@/lib/domain';
import { overSea, type Route } from './geography';
import type { Rng } from './rng';

// What a traveller writes about the trip: mostly French, sometimes English or Tunisian Arabic.

export function tripDescription(rng: Rng, type: TravelType, route: Route, kg: number | null): string {
  const from = placeName(route.from, 'fr');
  const to = placeName(route.to, 'fr');
  const load = kg ? `${kg} kg` : 'quelques kilos';
  if (rng.chance(0.08)) {
    const fromEn = placeName(route.from, 'en');
    const toEn = placeName(route.to, 'en');
    return `Travelling ${fromEn} → ${toEn}${type === 'plane' ? ' by plane' : ''}, I can take ${kg ? `${kg} kg` : 'a few kilos'}. Well-packed parcels only.`;
  }
  if (rng.chance(0.07)) {
    const fromAr = placeName(route.from, 'ar');
    const toAr = placeName(route.to, 'ar');
    return `مسافر من ${fromAr} إلى ${toAr}، نجم نهز ${kg ? `${kg} كغ` : 'شوية كيلوات'}.`;
  }
  const options: Record<TravelType, string[]> = {
    plane: [
      `Vol ${from}–${to}, bagage en soute, je peux prendre ${load}.`,
      `Vol direct ${from} → ${to}. Petits colis bien emballés, pas de liquides.`,
      `Je rentre de ${from} à ${to} en avion, ${load} disponibles dans ma valise.`,
    ],
    car: overSea(route)
      ? [
          `En voiture avec le ferry ${from}–${to}, colis volumineux acceptés.`,
          `Je descends en voiture (traversée en bateau), ${load} dans le coffre.`,
        ]
      : [
          `Je pars en voiture de ${from} à ${to}, de la place dans le coffre.`,
          `Trajet en voiture ${from}–${to}, ${load} possibles.`,
        ],
    rental_car: [
      `Louage ${from}–${to}, départ tôt le matin depuis la station.`,
      `Je prends le louage ${from}–${to}, petits colis uniquement.`,
    ],
    bus: [`En bus ${from} → ${to}, petits colis seulement.`, `Car de nuit ${from}–${to}, ${load} en soute.`],
    train: [`Train ${from}–${to}, enveloppes et petits paquets.`, `TGV ${from} → ${to}, je peux prendre ${load}.`],
    truck: [
      `Camion ${from}–${to}, gros volumes et cartons bienvenus.`,
      `Transport routier ${from} → ${to}, ${load} disponibles.`,
    ],
    taxi: [`Taxi ${from}–${to} dans la journée, remise en main propre.`],
    motorcycle: [`À moto ${from}–${to}, plis et petits colis (${load} max).`],
    bike: [`À vélo entre ${from} et ${to}, documents et petits paquets.`],
  };
  return rng.pick(options[type]);
}

// Conversation lines by role: the shipper sends a parcel, the carrier travels. On a package the
// owner is the shipper and the contact the carrier; on a travel it is the other way round.
