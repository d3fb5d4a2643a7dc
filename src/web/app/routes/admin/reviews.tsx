import { ReviewModerationPage } from '#web/features/reviews/components/review-moderation-page.tsx';

export default function AdminReviewsRoute() {
  return (
    <>
      <title>Reviews · Admin</title>
      <ReviewModerationPage />
    </>
  );
}
