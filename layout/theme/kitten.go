package theme

// kitten is a kitten's face and a castle with two towers and a flag.
var kitten = Pair{
	Name: "kitten",
	Start: draw(func(p *pen) {
		p.circle(0.5, 0.58, 0.3)
		p.line(0.26, 0.42, 0.27, 0.14, 0.45, 0.3) // ears
		p.line(0.55, 0.3, 0.73, 0.14, 0.74, 0.42)
		p.dot(0.4, 0.54, 0.04)
		p.dot(0.6, 0.54, 0.04)
		p.line(0.46, 0.66, 0.5, 0.7, 0.54, 0.66)
		p.line(0.12, 0.62, 0.36, 0.66) // whiskers
		p.line(0.12, 0.74, 0.36, 0.7)
		p.line(0.88, 0.62, 0.64, 0.66)
		p.line(0.88, 0.74, 0.64, 0.7)
	}),
	Goal: draw(func(p *pen) {
		p.shape(0.1, 0.95, 0.1, 0.3, 0.32, 0.3, 0.32, 0.95) // towers
		p.shape(0.68, 0.95, 0.68, 0.3, 0.9, 0.3, 0.9, 0.95)
		p.line(0.32, 0.5, 0.38, 0.5, 0.38, 0.42, 0.46, 0.42, 0.46, 0.5, 0.54, 0.5, 0.54, 0.42, 0.62, 0.42, 0.62, 0.5, 0.68, 0.5)
		p.line(0.32, 0.95, 0.68, 0.95)
		p.line(0.42, 0.95, 0.42, 0.78, 0.5, 0.68, 0.58, 0.78, 0.58, 0.95) // door
		p.line(0.21, 0.3, 0.21, 0.06)
		p.shape(0.21, 0.06, 0.36, 0.11, 0.21, 0.16) // flag
	}),
	Story: map[string]string{"en": "The kitten explores the castle!", "es": "¡El gatito explora el castillo!", "fr": "Le chaton explore le château !", "de": "Das Kätzchen erkundet die Burg!", "it": "Il gattino esplora il castello!", "pt": "O gatinho explora o castelo!", "nl": "Het katje verkent het kasteel!", "pl": "Kotek zwiedza zamek!", "ro": "Pisicuța explorează castelul!", "el": "Το γατάκι εξερευνά το κάστρο!", "ru": "Котёнок исследует замок!", "uk": "Кошеня досліджує замок!"},
}
