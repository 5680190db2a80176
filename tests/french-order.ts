/** The order confirmation (D21): 203 characters whose ê, Ê, Œ, ô and À make it UCS-2, 4 segments. */
export const FRENCH_ORDER =
  "Votre commande 1042 est prête à être retirée à la Boutique Kinshasa, avenue du Commerce 12. ÊTES-VOUS disponible avant 18 h ? Œuvre d'art offerte, côté caisse, pour toute commande réglée ici. À bientôt !";
/** What phones read with `transliterate`: GSM-7, 2 segments; 7 characters replaced. */
export const FRENCH_ORDER_GSM =
  "Votre commande 1042 est prete à etre retirée à la Boutique Kinshasa, avenue du Commerce 12. ETES-VOUS disponible avant 18 h ? OEuvre d'art offerte, coté caisse, pour toute commande réglée ici. A bientot !";
