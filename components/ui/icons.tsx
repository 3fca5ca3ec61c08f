// Icons are CSS masks (app/globals.css, "Icons"): a short class in the HTML and the RSC payload
// instead of an inline SVG. They take the text colour and are hidden from assistive technology.

type IconProps = { className?: string };

function icon(name: string) {
  function Icon({ className = '' }: IconProps) {
    return <span aria-hidden="true" className={`i i-${name} ${className}`} />;
  }
  return Icon;
}

export const MenuIcon = icon('menu');
export const CloseIcon = icon('close');
export const HeartIcon = icon('heart');
export const ChatIcon = icon('chat');
export const UserIcon = icon('user');
export const GlobeIcon = icon('globe');
export const ChevronDownIcon = icon('chevron-down');
export const PlusIcon = icon('plus');
export const CheckIcon = icon('check');
/** Points the reading way: mirrored on right-to-left pages. */
export const ArrowIcon = icon('arrow');
