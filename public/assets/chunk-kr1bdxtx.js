import{t,_}from"./main-16hyu0no.js";function W(s){let[r,n]=t({});return _(()=>n({}),[s]),{shown:(o,e)=>r[o]??e,choose:(o,e)=>n((c)=>({...c,[o]:e}))}}
export{W};
