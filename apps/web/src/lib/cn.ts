import { twMerge } from 'tailwind-merge';

/**
 * Joins class lists so that a later Tailwind class wins over an earlier one of the same property
 * (a caller's `px-3` over a Button's own `px-4`). Plain concatenation leaves that to the order of
 * the rules in the built CSS, which silently dropped overrides (a red Delete button showed grey).
 */
export function cn(...classLists: Array<string | false | null | undefined>): string {
  return twMerge(classLists.filter(Boolean).join(' '));
}
