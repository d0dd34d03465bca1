package quality

import (
	"strings"
	"testing"
)

// TestCyrillicMix: Latin print read with a Cyrillic model takes letters
// of many languages' alphabets and is told; Russian, Ukrainian, Serbian
// and Kazakh text, each with its own letters, is not.
func TestCyrillicMix(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name, text string
		mixed      bool
	}{
		{"Latin read as Cyrillic", "Коһгдаѕ АС Езѕеп Кот.: 04/2395 Коһгьисћ Ғог іе Еейопа: Егаваѕ1еіцпе Угедеп Мегпе Апѓогдегипдёп пасћ ОІМ 2470, Віан Аџоѕдаье Ѕерё. Мелпмеке Вокгіеьзагиск Ргоғдгиск Ьеі дег Неџирќдгискргође Сапое дез Огискргобепеѕесћпіќее Уегмепдеѓіе Воһге Еілдеьаие Апғаһі Негеќеег Ввивїе Копдепвеќваттіег Ѕоһиіггоћње", true},
		{"Russian", strings.Repeat("Съешь же ещё этих мягких французских булок, да выпей чаю. ", 8), false},
		{"Ukrainian", strings.Repeat("Їжак ґудзик єнот і білка йдуть через ліс до річки. ", 8), false},
		{"Serbian", strings.Repeat("Љубазни фењерџија чађавог лица хоће да ми покаже штос. ", 8), false},
		{"Kazakh", strings.Repeat("Қазақстан әдемі өлке, оның ұлы далалары мен таулары бар, һәм ғажап. ", 8), false},
	} {
		rep := Score(page(c.text), Hints{})
		if got := rep.Signals[SignalEncoding] <= mixedEncoding; got != c.mixed {
			stray, n := cyrillicMix(c.text)
			t.Errorf("%s: encoding %.2f (%.2f of %d letters stray), want mixed %v; %q", c.name, rep.Signals[SignalEncoding], stray, n, c.mixed, rep.Reasons)
		}
	}
}
