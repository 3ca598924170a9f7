/**
 * Believable personal data: Chinese names, mobile numbers, resident ID numbers with a valid check
 * digit (GB 11643), bank cards with a valid Luhn digit. All made up from the seeded random source.
 */
import type { Random } from './random.ts';
import { BANKS, CITIES, GIVEN_CHARS, PHONE_PREFIXES, SURNAMES } from './vocabulary.ts';

export function personName(r: Random): string {
  const given = r.chance(0.6) ? r.pick(GIVEN_CHARS) + r.pick(GIVEN_CHARS) : r.pick(GIVEN_CHARS);
  return r.pick(SURNAMES) + given;
}

export function mobile(r: Random): string {
  return r.pick(PHONE_PREFIXES) + r.digits(8);
}

const ID_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const ID_CHECK = '10X98765432';

export function idNumber(r: Random, areaCode: string): string {
  const year = r.int(1965, 2003);
  const month = String(r.int(1, 12)).padStart(2, '0');
  const day = String(r.int(1, 28)).padStart(2, '0');
  const body = `${areaCode}${year}${month}${day}${r.digits(3)}`;
  const sum = [...body].reduce((acc, c, i) => acc + Number(c) * ID_WEIGHTS[i]!, 0);
  return body + ID_CHECK[sum % 11];
}

function luhnDigit(partial: string): string {
  let sum = 0;
  for (let i = 0; i < partial.length; i++) {
    let d = Number(partial[partial.length - 1 - i]);
    if (i % 2 === 0) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return String((10 - (sum % 10)) % 10);
}

export function bankCard(r: Random): { bank: string; cardNo: string } {
  const [bank, bin] = r.pick(BANKS);
  const partial = bin + r.digits(12);
  return { bank, cardNo: partial + luhnDigit(partial) };
}

export function city(r: Random): { name: string; areaCode: string } {
  const [name, areaCode] = r.pick(CITIES);
  return { name, areaCode };
}
