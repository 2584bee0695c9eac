/**
 * An icon's accessibility: with a label it is an image read out by that name; without, it is decoration
 * beside a visible name and hidden from assistive technology.
 */
export function a11yProps(label: string | undefined) {
  return label ? ({ role: 'img', 'aria-label': label } as const) : ({ 'aria-hidden': true } as const);
}
