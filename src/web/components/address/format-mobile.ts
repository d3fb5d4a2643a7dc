/** "+919847011223" → "+91 98470 11223"; anything that is not a 10-digit Indian mobile is shown as it is. */
export function formatIndianMobile(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  const national = digits.length === 12 && digits.startsWith('91') ? digits.slice(2) : digits;
  if (!/^[6-9]\d{9}$/.test(national)) return phone;
  return `+91 ${national.slice(0, 5)} ${national.slice(5)}`;
}
