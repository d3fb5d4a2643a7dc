/** The demo sellers' slugs (DEMO_VENDORS), as the products and offers name them. */
export const NP = 'nehru-place-computers';
export const LR = 'lamington-road-digital';
export const CH = 'chennai-tech-mart';
export const BL = 'bengaluru-laptop-hub';
