import type { Review } from '../domain/schema/review';
import { seedUsers } from './users';

/** The review author as embedded in a review, taken from the seed user with that id. */
function reviewer(userId: number): Review['user'] {
  const user = seedUsers.find((u) => u.id === userId);
  if (!user) throw new Error(`Seed review refers to unknown user ${userId}`);
  return { id: user.id, image: user.image, name: user.name };
}

export const seedReviews: Review[] = [
  // 1 — Classic Denim Jacket
  { id: 1, productId: 1, createdAt: '2025-12-20T18:12:00.000Z', rating: 5, review: 'Fits exactly as described and the denim feels sturdy without being stiff. Already my go-to jacket.', user: reviewer(3), likes: 12, dislikes: 0 },
  { id: 2, productId: 1, createdAt: '2026-01-14T09:41:00.000Z', rating: 4, review: 'Great quality, but the sleeves run a little long. I had them taken up an inch.', user: reviewer(5), likes: 6, dislikes: 1 },
  { id: 3, productId: 1, createdAt: '2026-03-05T20:03:00.000Z', rating: 4, review: 'Nice colour and the buttons are solid. Slight fading after a few washes, as expected.', user: reviewer(8), likes: 3, dislikes: 0 },
  // 2 — Wireless Noise-Cancelling Headphones
  { id: 4, productId: 2, createdAt: '2026-01-03T07:55:00.000Z', rating: 5, review: 'The noise cancelling is superb on flights. Battery easily lasts a week of commuting.', user: reviewer(1), likes: 21, dislikes: 1 },
  { id: 5, productId: 2, createdAt: '2026-02-18T12:30:00.000Z', rating: 4, review: 'Comfortable for long sessions. The companion app could use a better equaliser.', user: reviewer(6), likes: 8, dislikes: 2 },
  { id: 6, productId: 2, createdAt: '2026-04-22T16:18:00.000Z', rating: 3, review: 'Sound is good, but the ear cushions get warm after an hour or so.', user: reviewer(10), likes: 4, dislikes: 3 },
  { id: 7, productId: 2, createdAt: '2026-09-09T21:07:00.000Z', rating: 5, review: 'Switching between laptop and phone is seamless. Best headphones I have owned.', user: reviewer(12), likes: 9, dislikes: 0 },
  // 3 — Oak Bedside Table
  { id: 8, productId: 3, createdAt: '2026-02-02T10:22:00.000Z', rating: 4, review: 'Solid and well finished. Assembly took about twenty minutes.', user: reviewer(2), likes: 5, dislikes: 0 },
  { id: 9, productId: 3, createdAt: '2026-05-19T19:46:00.000Z', rating: 5, review: 'Beautiful grain and the soft-close drawer is a lovely touch.', user: reviewer(9), likes: 7, dislikes: 0 },
  // 4 — Ceramic Pour-Over Coffee Set
  { id: 10, productId: 4, createdAt: '2026-02-27T06:35:00.000Z', rating: 5, review: 'Makes a wonderfully clean cup. The glaze is even prettier in person.', user: reviewer(7), likes: 14, dislikes: 0 },
  { id: 11, productId: 4, createdAt: '2026-06-08T08:10:00.000Z', rating: 5, review: 'Arrived well packed and nothing was chipped. Perfect gift for a coffee lover.', user: reviewer(11), likes: 6, dislikes: 0 },
  { id: 12, productId: 4, createdAt: '2026-10-15T07:28:00.000Z', rating: 4, review: 'Lovely set, though the carafe is smaller than I expected.', user: reviewer(13), likes: 2, dislikes: 1 },
  // 5 — Leather Card Wallet
  { id: 13, productId: 5, createdAt: '2026-03-12T13:52:00.000Z', rating: 3, review: 'Nice leather, but it is tight with six cards until it breaks in.', user: reviewer(4), likes: 3, dislikes: 2 },
  { id: 14, productId: 5, createdAt: '2026-07-30T17:14:00.000Z', rating: 4, review: 'Slim enough for a front pocket and the stitching is neat.', user: reviewer(14), likes: 4, dislikes: 0 },
  // 6 — Ergonomic Mesh Office Chair
  { id: 15, productId: 6, createdAt: '2026-03-25T11:05:00.000Z', rating: 4, review: 'My back pain has eased since switching. The lumbar support takes some tuning.', user: reviewer(1), likes: 17, dislikes: 1 },
  { id: 16, productId: 6, createdAt: '2026-04-30T15:40:00.000Z', rating: 5, review: 'Excellent build quality and every adjustment feels solid. Worth the price.', user: reviewer(5), likes: 11, dislikes: 0 },
  { id: 17, productId: 6, createdAt: '2026-06-21T09:58:00.000Z', rating: 2, review: 'One armrest wobbles and support took two weeks to send a replacement part.', user: reviewer(9), likes: 5, dislikes: 4 },
  { id: 18, productId: 6, createdAt: '2026-10-28T14:33:00.000Z', rating: 4, review: 'Breathable mesh keeps me cool in summer. The seat could be a bit wider.', user: reviewer(12), likes: 3, dislikes: 0 },
  // 7 — Trail Running Shoes
  { id: 19, productId: 7, createdAt: '2026-04-11T06:20:00.000Z', rating: 5, review: 'Grip on wet rock is fantastic and my feet stayed dry through streams.', user: reviewer(3), likes: 13, dislikes: 0 },
  { id: 20, productId: 7, createdAt: '2026-05-27T18:47:00.000Z', rating: 4, review: 'Light and comfortable from the first run. Sizing is about half a size small.', user: reviewer(8), likes: 8, dislikes: 1 },
  { id: 21, productId: 7, createdAt: '2026-08-14T05:59:00.000Z', rating: 5, review: 'Survived a 50 km ultra without a single blister. Ordering a second pair.', user: reviewer(13), likes: 19, dislikes: 0 },
  // 8 — Stainless Steel Cookware Set
  { id: 22, productId: 8, createdAt: '2026-05-02T19:16:00.000Z', rating: 4, review: 'Heats evenly on induction and cleans up well with a little soaking.', user: reviewer(6), likes: 6, dislikes: 0 },
  { id: 23, productId: 8, createdAt: '2026-07-06T12:02:00.000Z', rating: 3, review: 'Good pans, but the handles get hot on the gas hob.', user: reviewer(11), likes: 2, dislikes: 2 },
  // 9 — Dotted Hardcover Notebook
  { id: 24, productId: 9, createdAt: '2026-05-10T20:25:00.000Z', rating: 5, review: 'No bleed-through even with fountain pen ink. The numbered pages are handy.', user: reviewer(2), likes: 10, dislikes: 0 },
  { id: 25, productId: 9, createdAt: '2026-06-30T08:44:00.000Z', rating: 5, review: 'Lays flat and the cover feels premium. My favourite journal so far.', user: reviewer(7), likes: 7, dislikes: 0 },
  { id: 26, productId: 9, createdAt: '2026-09-21T16:11:00.000Z', rating: 4, review: 'Great paper. I wish it came with a second ribbon marker.', user: reviewer(10), likes: 1, dislikes: 0 },
  // 10 — Smart Fitness Watch
  { id: 27, productId: 10, createdAt: '2026-06-01T07:03:00.000Z', rating: 4, review: 'Accurate heart rate and GPS. Sleep tracking is surprisingly detailed.', user: reviewer(4), likes: 9, dislikes: 1 },
  { id: 28, productId: 10, createdAt: '2026-07-12T22:19:00.000Z', rating: 3, review: 'Battery is closer to five days with GPS runs, not seven.', user: reviewer(5), likes: 6, dislikes: 2 },
  { id: 29, productId: 10, createdAt: '2026-08-25T10:37:00.000Z', rating: 5, review: 'Comfortable enough to wear at night and the screen is bright outdoors.', user: reviewer(8), likes: 12, dislikes: 0 },
  { id: 30, productId: 10, createdAt: '2026-11-03T13:48:00.000Z', rating: 4, review: 'Solid watch for the price. Notifications sometimes arrive a few seconds late.', user: reviewer(14), likes: 2, dislikes: 0 },
  // 11 — Linen Summer Dress
  { id: 31, productId: 11, createdAt: '2026-06-25T15:26:00.000Z', rating: 5, review: 'Light, flattering and the pockets are deep enough for a phone.', user: reviewer(3), likes: 8, dislikes: 0 },
  { id: 32, productId: 11, createdAt: '2026-08-08T11:54:00.000Z', rating: 3, review: 'Lovely fabric but it creases a lot. Runs slightly large.', user: reviewer(13), likes: 3, dislikes: 1 },
  // 12 — Insulated Water Bottle
  { id: 33, productId: 12, createdAt: '2026-07-21T06:48:00.000Z', rating: 5, review: 'Ice still there after a full day at the beach. No leaks in my bag.', user: reviewer(1), likes: 15, dislikes: 0 },
  { id: 34, productId: 12, createdAt: '2026-09-02T17:32:00.000Z', rating: 4, review: 'Keeps tea hot for hours. The lid is a bit fiddly to clean.', user: reviewer(9), likes: 4, dislikes: 1 },
  { id: 35, productId: 12, createdAt: '2026-10-19T09:21:00.000Z', rating: 5, review: 'Sturdy, and the powder coating has not chipped despite a few drops.', user: reviewer(12), likes: 5, dislikes: 0 },
  // 13 — Velvet Accent Armchair
  { id: 36, productId: 13, createdAt: '2026-08-19T19:09:00.000Z', rating: 4, review: 'Gorgeous colour and very comfortable. Delivery was a week late.', user: reviewer(7), likes: 6, dislikes: 1 },
  { id: 37, productId: 13, createdAt: '2026-10-07T14:15:00.000Z', rating: 5, review: 'The velvet is plush and the walnut legs look fantastic. A real statement piece.', user: reviewer(11), likes: 9, dislikes: 0 },
  // 14 — Desk Organizer Set
  { id: 38, productId: 14, createdAt: '2026-09-16T10:50:00.000Z', rating: 3, review: 'Useful pieces, but the phone stand is too shallow for bigger phones.', user: reviewer(2), likes: 2, dislikes: 1 },
  { id: 39, productId: 14, createdAt: '2026-11-10T12:38:00.000Z', rating: 2, review: 'One drawer arrived cracked and the bamboo finish is uneven.', user: reviewer(10), likes: 3, dislikes: 2 },
  // 15 — Fountain Pen Gift Box
  { id: 40, productId: 15, createdAt: '2026-10-24T16:57:00.000Z', rating: 5, review: 'Writes smoothly straight out of the box. The presentation is beautiful.', user: reviewer(6), likes: 7, dislikes: 0 },
  { id: 41, productId: 15, createdAt: '2026-11-17T08:26:00.000Z', rating: 4, review: 'A lovely pen. The medium nib is a touch wetter than I would like.', user: reviewer(14), likes: 1, dislikes: 0 },
];
