import { fireEvent, render, screen } from '@testing-library/react';
import fr from '@/messages/fr.json';
import NearbyLive from './nearby-live';
import type { NearbyProps } from './nearby';
import { nearbyTexts } from './texts';

// Every failure of the Geolocation API that the specification lists (section 8) is explained, and
// the city field, the fallback, takes the focus. The browser's geolocation is the outside world here.

const texts = nearbyTexts(fr);
const props: NearbyProps = {
  locale: 'fr',
  texts,
  settings: {
    prefix: 'fr',
    rtl: false,
    radii: [10, 50],
    types: ['all', 'package', 'travel'],
    timeZone: 'Africa/Tunis',
    hrefs: { package: '/fr/colis/', travel: '/fr/trajet/' },
  },
  map: { library: 'maplibre', styleUrl: 'http://localhost:1/style.json' },
  initial: { place: { name: 'Tunis', lat: 36.8, lng: 10.18 }, radius: 50, type: 'all', views: [], more: false },
};

// jsdom draws no WebGL: as a browser without it, the page keeps its list and says why there is no map.
beforeAll(() => {
  jest.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
});

it('the map waits for someone at the page; without WebGL, its box then says that the list holds the same offers', () => {
  const { rerender } = render(<NearbyLive {...props} present={false} />);
  expect(screen.getByText(texts.mapLoading)).toBeInTheDocument();
  rerender(<NearbyLive {...props} present />);
  expect(screen.getByText(texts.mapUnavailable)).toBeInTheDocument();
  expect(screen.queryByText(texts.mapLoading)).toBeNull();
});

const original = Object.getOwnPropertyDescriptor(window.navigator, 'geolocation');
afterEach(() => {
  if (original) Object.defineProperty(window.navigator, 'geolocation', original);
  else delete (window.navigator as { geolocation?: Geolocation }).geolocation;
});

function geolocation(answer: (fail: PositionErrorCallback) => void) {
  Object.defineProperty(window.navigator, 'geolocation', {
    configurable: true,
    value: { getCurrentPosition: (_: PositionCallback, fail: PositionErrorCallback) => answer(fail) },
  });
}

const refusal = (code: number) => (fail: PositionErrorCallback) =>
  fail({ code, message: '', PERMISSION_DENIED: 1, POSITION_UNAVAILABLE: 2, TIMEOUT: 3 } as GeolocationPositionError);

it.each([
  ['unsupported', () => delete (window.navigator as { geolocation?: Geolocation }).geolocation],
  ['denied', () => geolocation(refusal(1))],
  ['unavailable', () => geolocation(refusal(2))],
  ['timeout', () => geolocation(refusal(3))],
  ['unknown', () => geolocation(refusal(99))],
  [
    'unknown',
    () =>
      geolocation(() => {
        throw new Error('blocked');
      }),
  ],
] as const)('%s: the message says what happened, and the city field takes the focus', async (failure, setUp) => {
  setUp();
  render(<NearbyLive {...props} present={false} />);
  fireEvent.click(await screen.findByRole('button', { name: 'Me localiser' }));
  expect(screen.getByRole('alert')).toHaveTextContent(texts.geolocation[failure]);
  expect(screen.getByLabelText('Ou choisissez une ville')).toHaveFocus();
});
