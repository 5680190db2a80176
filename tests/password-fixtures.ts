/** A hash the previous scrypt parameters (N=2^15, r=8, p=1) made of OLD_PASSWORD, as users' rows hold it. */
export const OLD_PASSWORD = 'correct horse battery staple';
export const N15_P1_HASH = 'scrypt$32768$8$1$MDEyMzQ1Njc4OWFiY2RlZg$9rcVF-DZ8uU77qz3H_v29-n2g8c877AOCRXSQvC_fs0';
