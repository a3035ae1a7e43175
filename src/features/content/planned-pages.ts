/**
 * Titles and summaries of pages whose feature ships later: each says what will be there.
 * Kept out of the route files so the text loads with the page, not with the app.
 */
export interface PlannedPageContent {
  title: string
  summary: string
  coming: string[]
}

export const plannedPages = {
  '/about': {
    title: 'About Glidecraft',
    summary:
      'A small workshop of pilots designing and sewing wingsuits, tracking suits and canopies.',
    coming: ['Our story and the workshop', 'The team behind the designs'],
  },
  '/airfoils': {
    title: 'Airfoils',
    summary: 'How the ram-air wings in our suits are shaped, and why it matters in flight.',
    coming: ['Airfoil sections explained with drawings'],
  },
  '/ask-not': {
    title: 'Ask not',
    summary: 'Our take on what a suit should do for its pilot.',
    coming: ['The essay, with flight footage'],
  },
  '/base-gear': {
    title: 'BASE gear',
    summary: 'Everything we build for BASE: canopies, containers and accessories.',
    coming: ['The BASE system overview', 'Links to each product'],
  },
  '/coaches': {
    title: 'Coaches',
    summary: 'Find a coach near you to learn wingsuit and tracking flight.',
    coming: ['Coach profiles by country', 'A form to contact a coach'],
  },
  '/colors': {
    title: 'Colour comparison chart',
    summary: 'Every fabric colour we sew with, side by side.',
    coming: ['The full palette with names and swatches'],
  },
  '/contact': {
    title: 'Contact us',
    summary: 'Questions about sizing, orders or repairs? We answer every message.',
    coming: ['The contact form'],
  },
  '/gallery': {
    title: 'Gallery',
    summary: 'Photos and videos from pilots flying our gear.',
    coming: ['Image and video galleries'],
  },
  '/inlets': {
    title: 'Inlets',
    summary: 'How air gets into a wingsuit and what our inlet designs change.',
    coming: ['Inlet designs compared'],
  },
  '/lasers': {
    title: 'Lasers',
    summary: 'Why we cut every panel with a laser, and what it means for fit.',
    coming: ['The cutting process, step by step'],
  },
  '/learn': {
    title: 'Learn',
    summary: 'Guides to flying, packing and choosing gear.',
    coming: ['Learning articles', 'Full-text search that also works offline'],
  },
  '/nerds': {
    title: 'For the nerds',
    summary: 'Flight data, polar curves and the numbers behind our designs.',
    coming: ['Glide ratio charts', 'Test flight logs'],
  },
  '/newsletter': {
    title: 'Newsletter',
    summary: 'Product launches, competition results and events, a few times a year.',
    coming: ['Sign-up form'],
  },
  '/philosophy': {
    title: 'Philosophy',
    summary: 'What we believe about gear, safety and progression.',
    coming: ['Our design principles'],
  },
  '/production-time': {
    title: 'Production time',
    summary: 'How long your custom order takes to make, updated as the workshop fills.',
    coming: ['Current lead time per product category'],
  },
  '/setloops': {
    title: 'Setloops',
    summary: 'How to set and check your loops, with pictures.',
    coming: ['The setloops guide'],
  },
  '/store': {
    title: 'Store',
    summary: 'Every range we make, in one place.',
    coming: ['Listings with filters for size, colour, price and stock'],
  },
  '/suits': {
    title: 'Suits',
    summary: 'Wingsuits and tracking suits for every stage of your flying.',
    coming: ['Suit range comparison'],
  },
  '/supercustom': {
    title: 'Super custom',
    summary: 'Design every panel of your suit in your own colours and patterns.',
    coming: ['The super custom designer', 'Examples from other pilots'],
  },
  '/why-fly-fast': {
    title: 'Why fly fast',
    summary: 'Speed, energy and control: why a fast suit is a safer suit.',
    coming: ['The article, with flight data'],
  },
  '/a4vscorvid': {
    title: 'A4 vs Corvid',
    summary: 'Two suits, two characters: which one is right for you?',
    coming: ['A side-by-side comparison'],
  },
  '/a5vscorvid2': {
    title: 'A5 vs Corvid 2',
    summary: 'Our two flagship suits compared.',
    coming: ['A side-by-side comparison'],
  },
  '/classic-t-grey': {
    title: 'Classic tee, grey',
    summary: 'Our classic t-shirt in heather grey.',
    coming: ['Sizes and ordering'],
  },
  '/slow-slider': {
    title: 'Slow slider',
    summary: 'A slider that slows BASE openings for a softer, on-heading start.',
    coming: ['How it works and who it is for'],
  },
  '/supercustom/archive': {
    title: 'Super custom archive',
    summary: 'Suits we have built for pilots, one design at a time.',
    coming: ['The archive of super custom designs'],
  },
  '/superdupercustom/archive': {
    title: 'Super duper custom archive',
    summary: 'The most ambitious designs to leave our workshop.',
    coming: ['The archive of super duper custom designs'],
  },
  '/orders/confirmation/$': {
    title: 'Order confirmation',
    summary: 'Thank you. Your order details appear here.',
    coming: ['Your order summary and next steps'],
  },
  '/PasswordResets/newpassword/$': {
    title: 'Choose a new password',
    summary: 'Set a new password for your account.',
    coming: ['The new password form'],
  },
  '/people/friends/$': {
    title: 'Friends',
    summary: 'Pilots and teams we fly with.',
    coming: ['Profiles of friends of the brand'],
  },
  '/people/$product/$': {
    title: 'Pilots',
    summary: 'Pilots who fly this product.',
    coming: ['Pilot profiles by product'],
  },
  '/learnSearch/$': {
    title: 'Search learning articles',
    summary: 'Search every guide, online or off.',
    coming: ['Full-text search of the learning articles'],
  },
  '/LoginFromAdmin/$': {
    title: 'Admin login',
    summary: 'Signing you in from the admin console.',
    coming: ['Admin-initiated login'],
  },
  '/news': {
    title: 'News',
    summary: 'Competition results, product launches and videos.',
    coming: ['The paged news index'],
  },
  '/news/$': {
    title: 'News',
    summary: 'Competition results, product launches and videos.',
    coming: ['The paged news index'],
  },
  '/checkout/$': {
    title: 'Checkout',
    summary: 'Address, shipping, waiver and payment, step by step.',
    coming: ['The checkout steps'],
  },
  '/update-shipping-address/$': {
    title: 'Update shipping address',
    summary: 'Change where an order ships.',
    coming: ['The address form'],
  },
  '/news/view/$slug': {
    title: 'News article',
    summary: 'A story from the workshop or the sky.',
    coming: ['The article'],
  },
  '/learn/$slug': {
    title: 'Learning article',
    summary: 'A guide from our instructors.',
    coming: ['The article'],
  },
  '/cart': {
    title: 'Your cart',
    summary: 'What you are about to order, kept even when you are offline.',
    coming: ['Items, quantities and discounts', 'Offline changes synced when the network returns'],
  },
  '/login': {
    title: 'Log in',
    summary: 'Log in with your password, or with just your e-mail address as a guest.',
    coming: ['The login and guest login forms'],
  },
  '/reset-password': {
    title: 'Reset your password',
    summary: 'We will e-mail you a link to choose a new password.',
    coming: ['The reset form'],
  },
  '/account': {
    title: 'Your account',
    summary: 'Your orders, addresses and profile.',
    coming: ['Order history', 'Addresses', 'Dealer customers and commission, for dealers'],
  },
  '/orders/$orderId': {
    title: 'Order',
    summary: 'The status and details of one order.',
    coming: ['Items, payments and shipping'],
  },
  '/add-to-order/$paymentCode': {
    title: 'Add to your order',
    summary: 'Add items to an order you have already submitted.',
    coming: ['The add-to-order form'],
  },
  '/manuals': {
    title: 'All manuals',
    summary: 'Owner manuals for every product we make.',
    coming: ['Manuals by product family'],
  },
  '/manuals/$slug': {
    title: 'Manual',
    summary: 'An owner manual.',
    coming: ['The manual'],
  },
  '/apple-pay/$orderId': {
    title: 'Apple Pay',
    summary: 'Pay for your order with Apple Pay.',
    coming: ['The Apple Pay button'],
  },
  '/dealers': {
    title: 'Dealers',
    summary: 'Buy through a dealer near you.',
    coming: ['Dealers by country, with search'],
  },
  '/landing/$slug': {
    title: 'Glidecraft',
    summary: 'A page from one of our campaigns.',
    coming: ['Campaign content'],
  },
} satisfies Record<string, PlannedPageContent>

export type PlannedPath = keyof typeof plannedPages
