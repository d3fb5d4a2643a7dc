// The fake's Standard Checkout script, served at /v1/checkout.js. It defines window.Razorpay with
// Standard Checkout's API (new Razorpay(options), .open(), .close(), .on('payment.failed', cb))
// and shows an accessible test dialog instead of Razorpay's iframe. Paying calls the fake that
// served this script (POST /_fake/checkout/pay), which makes the payment and sends the webhooks.
// Styles are set through element.style, which a Content-Security-Policy without
// 'unsafe-inline' still allows.
(function () {
  'use strict';

  var script = document.currentScript;
  var base = script && script.src ? new URL(script.src).origin : String(window.FAKE_RAZORPAY_URL || '');
  var METHODS = [
    { value: 'upi', label: 'UPI' },
    { value: 'card', label: 'Card' },
    { value: 'netbanking', label: 'Netbanking' },
    { value: 'emi', label: 'EMI' },
  ];
  var WIDE = '(min-width: 768px)';
  var counter = 0;

  function el(tag, props, children) {
    var node = document.createElement(tag);
    var key;
    props = props || {};
    for (key in props) {
      if (key === 'style') Object.assign(node.style, props.style);
      else if (key === 'text') node.textContent = props.text;
      else if (key.indexOf('on') === 0) node.addEventListener(key.slice(2), props[key]);
      else node.setAttribute(key, props[key]);
    }
    (children || []).forEach(function (child) {
      if (child) node.appendChild(child);
    });
    return node;
  }

  function rupees(amount, currency) {
    if (typeof amount !== 'number' && typeof amount !== 'string') return '';
    return new Intl.NumberFormat('en-IN', { style: 'currency', currency: currency || 'INR' }).format(Number(amount) / 100);
  }

  /** A placeholder QR code: a grid drawn from the order id, in inline SVG (no image request). */
  function qrCode(seed) {
    var ns = 'http://www.w3.org/2000/svg';
    var svg = document.createElementNS(ns, 'svg');
    var size = 21;
    var hash = 0;
    var i;
    svg.setAttribute('viewBox', '0 0 ' + size + ' ' + size);
    svg.setAttribute('width', '168');
    svg.setAttribute('height', '168');
    svg.setAttribute('role', 'img');
    svg.setAttribute('aria-label', 'UPI QR code');
    for (i = 0; i < seed.length; i += 1) hash = (hash * 31 + seed.charCodeAt(i)) >>> 0;
    for (i = 0; i < size * size; i += 1) {
      hash = (hash * 1103515245 + 12345) >>> 0;
      var x = i % size;
      var y = Math.floor(i / size);
      var finder = (x < 7 && y < 7) || (x >= size - 7 && y < 7) || (x < 7 && y >= size - 7);
      if (finder ? x % 6 === 0 || y % 6 === 0 || (x % 7 > 1 && x % 7 < 5 && y % 7 > 1 && y % 7 < 5) : hash & 0x10000) {
        var cell = document.createElementNS(ns, 'rect');
        cell.setAttribute('x', String(x));
        cell.setAttribute('y', String(y));
        cell.setAttribute('width', '1');
        cell.setAttribute('height', '1');
        svg.appendChild(cell);
      }
    }
    return svg;
  }

  function Razorpay(options) {
    if (!(this instanceof Razorpay)) return new Razorpay(options);
    if (!options || !options.key) throw new Error('Razorpay: the key option is required');
    this.options = options;
    this.listeners = { 'payment.failed': [] };
    this.dialog = null;
  }

  Razorpay.prototype.on = function (event, callback) {
    (this.listeners[event] = this.listeners[event] || []).push(callback);
    return this;
  };

  Razorpay.prototype.emit = function (event, payload) {
    (this.listeners[event] || []).forEach(function (callback) {
      callback(payload);
    });
  };

  Razorpay.prototype.close = function () {
    if (!this.dialog) return;
    this.dialog.overlay.remove();
    document.removeEventListener('keydown', this.dialog.onKey, true);
    if (this.dialog.opener && this.dialog.opener.focus) this.dialog.opener.focus();
    this.dialog = null;
  };

  Razorpay.prototype.dismiss = function () {
    var modal = this.options.modal || {};
    this.close();
    if (typeof modal.ondismiss === 'function') modal.ondismiss();
  };

  Razorpay.prototype.open = function () {
    var self = this; // eslint-disable-line @typescript-eslint/no-this-alias -- callbacks below run with another this
    var o = this.options;
    var id = 'rzp-fake-' + (counter += 1);
    var color = (o.theme && o.theme.color) || '#3395FF';
    var prefill = o.prefill || {};
    var chosen = METHODS.some(function (m) {
      return m.value === prefill.method;
    })
      ? prefill.method
      : 'upi';
    if (this.dialog) return this;

    var status = el('p', { role: 'status', 'aria-live': 'polite', style: { minHeight: '1.25rem', margin: '0.5rem 0' } });
    var alert = el('p', { role: 'alert', style: { color: '#b00020', minHeight: '1.25rem', margin: '0.5rem 0' } });
    var amount = el('p', {
      'data-testid': 'razorpay-amount',
      text: rupees(o.amount, o.currency),
      style: { fontSize: '1.5rem', fontWeight: '600', margin: '0 0 0.75rem' },
    });
    var panel = el('div', { style: { minHeight: '4rem', margin: '0.75rem 0' } });
    var button = function (text, onclick, primary) {
      return el('button', {
        type: 'button',
        text: text,
        onclick: onclick,
        style: {
          padding: '0.6rem 1rem',
          borderRadius: '6px',
          border: primary ? '0' : '1px solid #888',
          background: primary ? color : '#fff',
          color: primary ? '#fff' : '#111',
          font: 'inherit',
          cursor: 'pointer',
        },
      });
    };
    var buttons = [];

    function setBusy(busy) {
      buttons.forEach(function (b) {
        b.disabled = busy;
      });
      status.textContent = busy ? 'Processing payment…' : '';
    }

    function pay(fail) {
      alert.textContent = '';
      setBusy(true);
      fetch(base + '/_fake/checkout/pay', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ key: o.key, order_id: o.order_id, method: chosen, fail: fail }),
      })
        .then(function (response) {
          return response.json();
        })
        .then(function (answer) {
          setBusy(false);
          if (answer.razorpay_payment_id) {
            self.close();
            if (typeof o.handler === 'function') o.handler(answer);
            return;
          }
          var error = (answer && answer.error) || { description: 'Payment failed' };
          alert.textContent = error.description;
          if (error.metadata && error.metadata.payment_id) self.emit('payment.failed', { error: error });
        })
        .catch(function () {
          setBusy(false);
          alert.textContent = 'Could not reach the test gateway.';
        });
    }

    function renderPanel() {
      panel.textContent = '';
      if (chosen === 'upi') {
        if (window.matchMedia && window.matchMedia(WIDE).matches) {
          panel.appendChild(
            el('div', { style: { display: 'flex', gap: '1rem', alignItems: 'center' } }, [
              qrCode(String(o.order_id || 'upi')),
              el('p', { text: 'Scan the QR code with any UPI app, then choose Pay.' }),
            ]),
          );
        } else {
          var intent = button(
            'Open UPI app',
            function () {
              pay(false);
            },
            true,
          );
          buttons.push(intent);
          panel.appendChild(intent);
        }
      } else if (chosen === 'card') {
        panel.appendChild(el('p', { text: 'Test card: Visa •••• 1111' }));
      } else if (chosen === 'netbanking') {
        panel.appendChild(el('p', { text: 'Test bank: HDFC Bank' }));
      } else {
        panel.appendChild(el('p', { text: 'EMI on test card: 6 months' }));
      }
    }

    var radios = METHODS.map(function (m) {
      var input = el('input', { type: 'radio', name: id + '-method', value: m.value });
      input.checked = m.value === chosen;
      input.addEventListener('change', function () {
        chosen = m.value;
        buttons = buttons.slice(0, 3);
        renderPanel();
      });
      return el('label', { style: { display: 'inline-flex', gap: '0.35rem', marginRight: '1rem', alignItems: 'center' } }, [
        input,
        document.createTextNode(m.label),
      ]);
    });

    buttons.push(
      button(
        'Pay',
        function () {
          pay(false);
        },
        true,
      ),
      button('Fail payment', function () {
        pay(true);
      }),
      button('Cancel', function () {
        self.dismiss();
      }),
    );

    var dialog = el(
      'div',
      {
        role: 'dialog',
        'aria-modal': 'true',
        'aria-labelledby': id + '-title',
        style: {
          background: '#fff',
          color: '#111',
          borderRadius: '10px',
          padding: '1.25rem',
          width: 'min(28rem, calc(100vw - 2rem))',
          maxHeight: '90vh',
          overflow: 'auto',
          boxShadow: '0 10px 40px rgba(0,0,0,.3)',
          fontFamily: 'system-ui, sans-serif',
        },
      },
      [
        el('h2', { id: id + '-title', text: 'Razorpay test checkout', style: { margin: '0 0 0.25rem', fontSize: '1.25rem' } }),
        el('p', { text: [o.name, o.description].filter(Boolean).join(' · '), style: { margin: '0 0 0.5rem' } }),
        amount,
        el(
          'fieldset',
          { style: { border: '0', padding: '0', margin: '0' } },
          [el('legend', { text: 'Payment method', style: { fontWeight: '600', marginBottom: '0.35rem' } })].concat(radios),
        ),
        panel,
        status,
        alert,
        el('div', { style: { display: 'flex', gap: '0.5rem', flexWrap: 'wrap' } }, buttons.slice(0, 3)),
      ],
    );
    var overlay = el(
      'div',
      {
        'data-razorpay-fake': 'overlay',
        style: {
          position: 'fixed',
          inset: '0',
          background: 'rgba(0,0,0,.55)',
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          zIndex: '2147483647',
        },
      },
      [dialog],
    );

    function onKey(event) {
      if (!self.dialog) return;
      if (event.key === 'Escape' && (o.modal || {}).escape !== false) {
        event.preventDefault();
        self.dismiss();
      } else if (event.key === 'Tab') {
        var focusable = Array.prototype.filter.call(dialog.querySelectorAll('button, input'), function (node) {
          return !node.disabled && (node.type !== 'radio' || node.checked);
        });
        var first = focusable[0];
        var last = focusable[focusable.length - 1];
        if (!dialog.contains(document.activeElement)) {
          event.preventDefault();
          first.focus();
        } else if (event.shiftKey && document.activeElement === first) {
          event.preventDefault();
          last.focus();
        } else if (!event.shiftKey && document.activeElement === last) {
          event.preventDefault();
          first.focus();
        }
      }
    }

    renderPanel();
    if (o.amount === undefined && o.order_id) {
      fetch(base + '/_fake/checkout/orders/' + encodeURIComponent(o.order_id) + '?key=' + encodeURIComponent(o.key))
        .then(function (response) {
          return response.ok ? response.json() : null;
        })
        .then(function (order) {
          if (order) amount.textContent = rupees(order.amount, order.currency);
        })
        .catch(function () {});
    }
    this.dialog = { overlay: overlay, onKey: onKey, opener: document.activeElement };
    document.body.appendChild(overlay);
    document.addEventListener('keydown', onKey, true);
    var checked = dialog.querySelector('input:checked');
    if (checked) checked.focus();
    return this;
  };

  window.Razorpay = Razorpay;
})();
