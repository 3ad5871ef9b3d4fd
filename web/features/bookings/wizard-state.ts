/** The booking wizard's step and draft (SPEC.md section 4: defaults today, 60 minutes, virtual). */
import { atom } from "jotai";
import { BOOKING_WIZARD_STEPS, DEFAULT_BOOKING_DURATION } from "../../../core/constants";
import type { AvailabilitySlot } from "./booking-api";

export const WIZARD_STEPS = BOOKING_WIZARD_STEPS;
export type WizardStep = 1 | 2 | 3;

export interface BookingDraft {
  /** "yyyy-MM-dd" in the viewer's zone; null until the browser knows its zone. */
  date: string | null;
  duration: number;
  slot: AvailabilitySlot | null;
  isVirtual: boolean;
  notes: string;
}

export const wizardStepAtom = atom<WizardStep>(1);
export const bookingDraftAtom = atom<BookingDraft>({ date: null, duration: DEFAULT_BOOKING_DURATION, slot: null, isVirtual: true, notes: "" });
