'use client';
import { enhanceLater } from '@/components/forms/enhance-later';

/** The simulator's only script in the first load: its live part comes later (./price-simulator.tsx). */
export const SimulatorLoader = enhanceLater(() => import('./price-simulator').then((module) => module.PriceSimulator));
