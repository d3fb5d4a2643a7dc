// The fake's Standard Checkout script: defines window.Razorpay (filled in by the next commit).
window.Razorpay = function Razorpay() {};
